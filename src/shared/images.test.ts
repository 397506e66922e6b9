// Stored image names are safe for TeX and the sandbox and keep the extension of the content; a
// note's reference finds the image by name, by the name an upload would get, or by its stem.
import { describe, expect, it } from 'vitest';
import { findImage, imageFileName, ImageNameParamsSchema } from './images.js';

describe('imageFileName', () => {
  it('keeps a plain name and takes the extension from the content', () => {
    expect(imageFileName('diagram.png', 'png')).toBe('diagram.png');
    expect(imageFileName('photo.JPG', 'jpeg')).toBe('photo.jpg');
    expect(imageFileName('photo.jpeg', 'jpeg')).toBe('photo.jpeg');
    // A JPEG named .png is stored as .jpg: pdfTeX chooses the decoder by extension.
    expect(imageFileName('chart.png', 'jpeg')).toBe('chart.jpg');
    expect(imageFileName('scan', 'pdf')).toBe('scan.pdf');
  });

  it('makes any name flat and safe', () => {
    expect(imageFileName('C:\\Users\\me\\My Diagram (final).png', 'png')).toBe('My-Diagram-final.png');
    expect(imageFileName('../../etc/passwd', 'png')).toBe('passwd.png');
    expect(imageFileName('Größe_ñandú.v2.png', 'png')).toBe('Grosse-nandu-v2.png');
    expect(imageFileName('日本語.png', 'png')).toBe('image.png');
    expect(imageFileName('.hidden.png', 'png')).toBe('hidden.png');
    expect(imageFileName('main.png', 'png')).toBe('main-image.png');
    expect(imageFileName(`${'a'.repeat(300)}.png`, 'png')).toHaveLength(64);
    for (const upload of ['a b.png', '--x--.png', 'x\u0000y.png', '%.png', 'a'.repeat(100)]) {
      expect(ImageNameParamsSchema.safeParse({ id: 1, name: imageFileName(upload, 'png') }).success).toBe(true);
    }
  });
});

describe('findImage', () => {
  const names = ['diagram.png', 'photo.jpg', 'My-Diagram-final.png', 'scan.pdf'];
  it('finds by stored name, upload name or stem, whatever the case', () => {
    expect(findImage(names, 'diagram.png')).toBe('diagram.png');
    expect(findImage(names, 'Diagram.PNG')).toBe('diagram.png');
    expect(findImage(names, './images/diagram.png')).toBe('diagram.png');
    expect(findImage(names, 'My Diagram (final).png')).toBe('My-Diagram-final.png');
    expect(findImage(names, 'photo.jpeg')).toBe('photo.jpg');
    expect(findImage(names, 'photo')).toBe('photo.jpg');
    expect(findImage(names, 'scan')).toBe('scan.pdf');
  });
  it('finds nothing for other names and for URLs of other files', () => {
    expect(findImage(names, 'missing.png')).toBeNull();
    expect(findImage(names, '')).toBeNull();
    expect(findImage(names, 'https://example.com/')).toBeNull();
    expect(findImage([], 'diagram.png')).toBeNull();
  });
});
