// Marp's image syntax: words in an image's alternative text that size, place or filter it
// (`![bg cover](…)`, `![w:600](…)`, `![bg left:40% sepia](…)`, `![width:200px](…)`) are
// directives, not a description. A `bg` image is the slide's backdrop, not a picture on it.
const KEYWORDS = new Set([
  'bg', 'fit', 'contain', 'cover', 'auto', 'left', 'right', 'vertical', 'sepia', 'grayscale', 'blur', 'invert', 'opacity',
  'brightness', 'contrast', 'drop-shadow', 'hue-rotate', 'saturate',
]);
const SIZED = /^(?:w|h|width|height|left|right|blur|brightness|contrast|drop-shadow|grayscale|hue-rotate|invert|opacity|saturate|sepia):\S{1,40}$|^\d{1,3}(?:\.\d{1,3})?%$/;

/** The image's own words (directives taken out) and whether it is a slide background. */
export function marpImage(alt: string): { words: string; background: boolean } {
  if (!/\b(?:bg|fit|contain|cover|w|h|width|height)\b|%/.test(alt)) return { words: alt, background: false };
  const words: string[] = [];
  let background = false;
  let directives = 0;
  for (const word of alt.split(/\s+/)) {
    if (word === '') continue;
    if (word === 'bg') background = true;
    if (KEYWORDS.has(word) || SIZED.test(word)) directives++;
    else words.push(word);
  }
  // `![bg](x)` and `![w:600](x)` are Marp's; `![left behind](x)` is a description.
  if (directives === 0 || (!background && !/(?:^|\s)(?:w|h|width|height):\S/.test(alt))) return { words: alt, background: false };
  return { words: words.join(' '), background };
}
