import { describe, expect, it } from 'vitest';
import { readNote } from '../index.js';
import { inlineText } from '../../tree.js';

const headings = (note: string): string[] => readNote(note).body.flatMap((b) => (b.kind === 'heading' ? [inlineText(b.inlines)] : []));

describe('blocks opened by a few words of their own', () => {
  it('heads them in any case, in a note whose title is capitalised', () => {
    const note = 'Historia de América Latina - clase 5\n\ncausas principales\nla invasión napoleónica de España en 1808\nlas ideas de la Ilustración (Rousseau, Montesquieu)\n\npersonajes clave\nSimón Bolívar - "el Libertador", Venezuela, Colombia\nJosé de San Martín: Argentina, Chile, Perú\n';
    expect(headings(note)).toEqual(['causas principales', 'personajes clave']);
  });

  it('heads a block of items as short as its head once the note has a clear head, and makes no item a heading', () => {
    const note = 'camping trip packing list\n\ntent (borrow from mike)\nsleeping bag x2\nsleeping pads - need new one ~$45\n\nfood\noatmeal packets x8  ~$5\ntrail mix 2 lb $12.99\n\nclothes\nrain jacket\nfleece\nhat\n';
    expect(headings(note)).toEqual(['food', 'clothes']);
  });

  it('a list line after a bracket or a quotation is not a heading ("позвонить маме" under "(до 18:00)")', () => {
    const note = 'список дел\n\nпонедельник\nсдать отчёт по лабораторной (до 18:00)\nпозвонить маме\nкупить продукты: молоко, хлеб, яйца\n\nвторник\nанглийский в 10:30 - выучить глаголы\nспортзал вечером\n';
    expect(headings(note)).toEqual(['понедельник', 'вторник']);
  });

  it('heads nothing when no line stands out: an address, a list of short items, greetings', () => {
    expect(headings('Jane Doe\n1 Main Street\nSpringfield\n')).toEqual([]);
    expect(headings('Groceries\n\napples\nbananas\npears\n\nmilk\ncheese\nbutter\n')).toEqual([]);
    expect(headings('Notes\n\nthanks\nsee you all at the meeting tomorrow morning\n')).toEqual([]);
  });

  it('a lead-in sentence in a script without spaces is no heading; a short CJK part marker is', () => {
    expect(headings('# 读书笔记\n\n第一部分 学习的态度\n\n子曰："学而时习之，不亦说乎？"\n\n第二部分 关于思考\n\n子曰："学而不思则罔，思而不学则殆。"\n')).toEqual(['学习的态度', '关于思考']);
    expect(headings('# หัวข้อ\n\nตัวอย่างของพฤติกรรมที่ไม่เหมาะสม ได้แก่\n\n* การใช้ภาษา\n* การโจมตีส่วนบุคคล\n')).toEqual([]);
  });

  it('the last line of a slide before the next marker stays on its slide', () => {
    const note = 'slide 1: Intro to Git\nslide 2: basic workflow\ngit clone <url>\nedit files, then git commit -m "msg"\ngit push origin my-feature\nslide 3: branches are cheap\nmain = always deployable\n';
    expect(headings(note)).not.toContain('git push origin my-feature');
  });

  it('a head may carry a one-word remark in brackets, or run to six words', () => {
    const note = 'CHEM CHEAT SHEET - acids, bases, ions\n\nstrong acids (memorize)\nHCl, HBr, HI, HNO3, H2SO4, HClO4\n\nthings to remember for the quiz\nunits!! L*atm to J: 1 L atm = 101.325 J, and never forget it on the exam\ndo not mix up delta H and delta U when the gas moles change during the reaction\n';
    expect(headings(note)).toEqual(['strong acids (memorize)', 'things to remember for the quiz']);
  });
});
