import { describe, expect, it } from 'vitest';
import { formatOutline, treeOutline } from '../../../../../../eval/outline/index.js';

const outline = (note: string, type: 'article' | 'presentation' = 'article'): string[] => formatOutline(treeOutline(note, type)).trim().split('\n');

describe('slides separated by --- lines', () => {
  it('the line after each separator is its slide title, blank lines or not', () => {
    const note = 'Club talk\nMira Lee\n\n---\nWhy solar\nIt is cheap now.\n---\nCosts\nPanels cost 3000 EUR.\n';
    expect(outline(note)).toEqual(['title: Club talk', 'author: Mira Lee', 'date: -', '# Why solar', '# Costs']);
  });
});

describe('slides named by their number', () => {
  it('"Diapo N - titre" opens a slide, whatever its lines look like', () => {
    const note = 'Exposé : le cycle de l\'eau\nChloé et Mathis, 5e B\n\nDiapo 1 - Introduction\n- L\'eau recouvre 71 % de la Terre\n\nDiapo 2 - Les précipitations\npluie, neige, grêle\nquand les gouttes deviennent trop lourdes elles tombent\n';
    expect(outline(note, 'presentation').filter((l) => l.startsWith('#'))).toEqual(['# Introduction', '# Les précipitations']);
  });
});

describe('a deck whose first slide says its title again', () => {
  it('is one title slide: the first slide gives the presenter and the date, and makes no slide of its own', () => {
    const note = 'Q3 support update\nteam meeting deck - maria\n\nSlide 1: Q3 support update\nmaria gonzalez, support lead\noct 12\n\nSlide 2: headline numbers\n- tickets: 14,820\n- CSAT 87%\n';
    expect(outline(note, 'presentation').slice(0, 6)).toEqual(['title: Q3 support update', 'author: maria gonzalez, support lead', 'date: oct 12', 'subtitle: team meeting deck - maria', '# headline numbers', 'list 2']);
  });
});

describe('notes that greet without being letters', () => {
  it('a deck quoting a message keeps its slides, the message set apart; a newsletter keeps its ALL-CAPS sections', () => {
    const deck = 'Slide 1: Welcome\nNew hire onboarding\nRenee Adeyemi, Team Lead\n\nSlide 2: Macros\nexample:\n\n    Hi {{name}},\n\n    Thanks for getting in touch!\n\n    Best,\n    {{agent}}\n\nSlide 3: Questions?\nping me anytime\n';
    const d = outline(deck, 'presentation');
    expect(d.filter((l) => l.startsWith('#'))).toEqual(['# Macros', '# Questions?']);
    expect(d.some((l) => l === 'quote' || l === 'code')).toBe(true);
    const news = 'THE COMPOST HEAP\nmembers newsletter\n\nHello gardeners!\nSpring has finally turned up and the frogs are back in the pond.\n\nWHAT\'S ON\nsat 6 april - clean up day\nsun 21 april - seed swap\n\nPLOT NEWS\nWelcome to our three new members, say hello if you see them.\n\nHappy growing,\nGwen\n';
    expect(outline(news).filter((l) => l.startsWith('#'))).toEqual(["# WHAT'S ON", '# PLOT NEWS']);
  });

  it('a shout in capitals inside a chapter is no chapter', () => {
    const story = 'A Tartaruga\n\nCapítulo 1 - O sonho\nTomé queria voar.\nEle pulou da pedra.\n\nTCHIBUM!\nCaiu no lago.\n\nCapítulo 2 - A volta\nVoltou para casa.\n';
    expect(outline(story, 'presentation').filter((l) => l.startsWith('#'))).toEqual(['# O sonho', '# A volta']);
  });
});
