import { describe, expect, it } from 'vitest';
import { isDateRange } from './dates.js';
import { readTitleBlock } from './title-block.js';

describe('the title block of a typed note', () => {
  it('a name with a student number: the name is the author, the number stays on the title page', () => {
    const block = readTitleBlock(['Die Energiewende im ländlichen Raum', 'Hausarbeit im Seminar Umweltsoziologie, WiSe 2023/24', 'Jonas Albrecht, Matrikelnr. 4418207']);
    expect(block).toMatchObject({ used: 3, meta: { author: 'Jonas Albrecht', subtitle: 'Hausarbeit im Seminar Umweltsoziologie, WiSe 2023/24', extra: [{ key: '', value: 'Matrikelnr. 4418207' }] } });
  });

  it('a labelled author outranks a line that only looks like a name with a role', () => {
    const block = readTitleBlock(['Reusable Cup Pilot – Final Report', 'Sustainability Office, Campus Services', 'Prepared by: Hannah Lindqvist', 'Date: 14 June 2024']);
    expect(block).toMatchObject({ meta: { author: 'Hannah Lindqvist', subtitle: 'Sustainability Office, Campus Services', date: '14 June 2024' } });
  });

  it('title, author and date lines; the date taken out of a line that says more', () => {
    const block = readTitleBlock(['Capstone Project Plan', 'Team 7: Aisha Benali, Marco Rinaldi', 'CS 4850 Senior Design – Spring 2025', 'Version 2.1 – 2025-02-03']);
    expect(block).toMatchObject({ title: 'Capstone Project Plan', used: 4, meta: { author: 'Aisha Benali, Marco Rinaldi', date: '2025-02-03', subtitle: 'CS 4850 Senior Design – Spring 2025' } });
    expect(readTitleBlock(['Rooftop Solar', 'PTA meeting, 2025-04-08'])?.meta).toMatchObject({ date: '2025-04-08', extra: [{ key: '', value: 'PTA meeting' }] });
    expect(readTitleBlock(['Sprint 14 planning', '2025-03-12, 10:00–11:00, room Bering'])?.meta.date).toBe('2025-03-12');
    expect(readTitleBlock(['Homework 6', 'Due 2025-03-14'])?.meta.date).toBe('Due 2025-03-14');
  });

  it('a date label typed without its colon is not printed; a labelled formula ends the block', () => {
    expect(readTitleBlock(['derivatives cheat sheet', 'date 3/4/2025'])?.meta.date).toBe('3/4/2025');
    expect(readTitleBlock(['Protokoll Teamsitzung', 'datum 5.3.2025'])?.meta.date).toBe('5.3.2025');
    const block = readTitleBlock(['derivatives cheat sheet', 'date 3/4/2025', "Power rule: if f(x) = x^n then f'(x) = n*x^(n-1)"]);
    expect(block?.used).toBe(2);
    expect(block?.meta.extra).toEqual([]);
  });

  it('an ISO date, a version number or a time is no range of days; "17 – 21 April" is', () => {
    expect(isDateRange('Version 2.1 – 2025-02-03')).toBe(false);
    expect(isDateRange('2025-03-12, 10:00–11:00')).toBe(false);
    expect(isDateRange('thu 17 – mon 21 april')).toBe(true);
    expect(isDateRange('May 2021 – Aug 2021')).toBe(true);
  });
});
