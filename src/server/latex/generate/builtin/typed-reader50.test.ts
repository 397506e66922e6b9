// What reader 50's pages showed, by class: chemistry and math that changed meaning or stayed half
// converted (spaced charges, biochemistry's named species, concentrations in brackets, p-functions,
// "deltaTf"), symbols defined in words set as displays, a cheat sheet's formulas one display each,
// code pasted among a note's lines, an "o" that is a word, a heading over a list after a line with no
// full stop, a name with a role that has an "&" in it. Each rule is shown beside a note it must not change.
import { describe, expect, it } from 'vitest';
import { generate } from './index.js';
import type { DocumentType } from '../../../../shared/document-types.js';

const body = (content: string, documentType: DocumentType = 'article'): string => {
  const latex = generate({ content, documentType }).latex;
  return latex.slice(latex.indexOf('\\begin{document}'));
};
const lines = (text: string): string => body(`Notes\n\nSome words to start with.\n\n${text}\n`);

describe('reader 50: chemistry as typed', () => {
  it('joins a charge typed apart to its formula, and leaves ranges alone', () => {
    expect(lines('Cl- and Br- soluble EXCEPT Ag+, Hg2 2+')).toContain('\\ce{Hg2^2+}');
    expect(lines('SO4 2- soluble except Ba2+')).toContain('\\ce{SO4^2-}');
    expect(lines('add H2O 2-3 times')).not.toContain('^2-');
  });
  it('sets a reaction of named species (ADP, Pi, NADP+) with mhchem, never Pi as a capital pi', () => {
    expect(lines('ADP + Pi -> ATP')).toContain('\\ce{ADP + Pi -> ATP}');
    expect(lines('NADP+ + 2 e- + H+ -> NADPH')).toContain('\\ce{NADP+ + 2 e- + H+ -> NADPH}');
    expect(lines('ADP + Pi -> ATP')).not.toContain('\\Pi');
    // Words with one capital are no species: "Input -> Output" keeps its words.
    expect(lines('Input -> Output')).not.toContain('\\ce');
  });
  it('keeps a concentration\'s brackets and its species upright, with p-functions and its index', () => {
    const hh = lines('pH = pKa + log([A-]/[HA])');
    expect(hh).toContain('\\mathrm{p}K_{a}');
    expect(hh).toContain('[\\ce{A-}]');
    expect(hh).toContain('[\\ce{HA}]');
    expect(lines('2nd order: 1/[A] = 1/[A]0 + kt')).toContain('\\frac{1}{[A]} = \\frac{1}{[A]_{0}}');
    // Square brackets that only group a sum still go: [f(a+h) - f(a)]/h.
    expect(lines('L = [f(a+h) - f(a)]/h')).toContain('\\frac{f(a + h) - f(a)}{h}');
    expect(lines('so pH = -log[H+] here')).toContain('$\\mathrm{pH} = -\\log[\\ce{H+}]$');
  });
  it('reads "deltaTf" as a change with its index, and products of capitals in a fraction', () => {
    expect(lines('deltaTf = i Kf m')).toContain('\\Delta T_{f} = i K_{f} m');
    expect(lines('rms speed u = sqrt(3RT/M) here')).toContain('\\sqrt{\\frac{3 R T}{M}}');
    expect(lines('Arrhenius: k = A e^(-Ea/RT)')).toContain('e^{-E_{a}/R T}');
    expect(lines('density of gas d = PM/RT')).toContain('\\frac{P M}{R T}');
    expect(lines('we use TCP/IP and AC/DC')).not.toContain('$');
  });
});

describe('reader 50: formula lines', () => {
  it('keeps a symbol defined in words as a line of text, and a reaction among words too', () => {
    expect(lines('W = number of microstates')).not.toContain('\\[');
    expect(lines('KE = kinetic energy')).not.toContain('\\[');
    expect(lines('CO2 + RuBP (5C) -> 2 moléculas de 3-PGA (3C)')).not.toMatch(/\\\[|3 - /);
    // A figure or an operation keeps the formula: "dT = T_site - T_park", "M = mol solute / L solution".
    expect(lines('dT = T_site - T_park')).toContain('\\[');
    expect(lines('M = mol solute / L solution')).toContain('\\frac{\\text{mol solute}}{\\text{L solution}}');
  });
  it('sets formula lines one under another as one gathered display', () => {
    const b = lines('GAS LAWS\nPV = nRT\nP1V1/T1 = P2V2/T2\nv = v0 + a t');
    expect(b).toContain('\\begin{gather*}');
    expect(b.match(/\\\\\n/g)?.length).toBe(2);
    expect(lines('PV = nRT')).not.toContain('gather');
  });
});

describe('reader 50: code among a note\'s lines', () => {
  it('finds settings, a SQL query and a statement after a sentence, and a program\'s output under its label', () => {
    const note = [
      'In postgresql.conf:',
      "shared_preload_libraries = 'pg_stat_statements'",
      'pg_stat_statements.track = all',
      'Restart Postgres, then in the database:',
      'CREATE EXTENSION IF NOT EXISTS pg_stat_statements;',
      'Sort by total time, not mean time.',
      'SELECT left(query, 60) AS query,',
      '       calls,',
      '       rows',
      'FROM pg_stat_statements',
      'LIMIT 10;',
      'Output (trimmed):',
      'Limit  (cost=0.43..1893.52 rows=20 width=212)',
      'Rows Removed by Filter: 3208115',
      'The planner walks the index backwards and throws rows away.',
    ].join('\n');
    const b = lines(note);
    expect(b.match(/\\begin\{lstlisting\}/g)?.length).toBe(4);
    expect(b).not.toContain('\\item calls');
    expect(b).toMatch(/Rows Removed by Filter: 3208115\n\\end\{lstlisting\}/);
    expect(b).toMatch(/Restart Postgres, then in the database:\n/);
  });
  it('keeps a constant of a program in its code, and a formula with an index as math', () => {
    expect(lines('import psycopg\nfrom datetime import datetime\n\nTHRESHOLD_MS = 200\n\ndef slow(conn):\n    return conn')).not.toContain('THRESHOLD}_');
    expect(lines('The speed limit:\nv_max = 20')).not.toContain('lstlisting');
    expect(lines('Setting the level:\nN_A = 6.022 x 10^23')).not.toContain('lstlisting');
  });
});

describe('reader 50: lines, headings and names', () => {
  it('reads "o" as a word among lines of text, and as a bullet among items', () => {
    expect(lines('fotólise da agua: 2 H2O -> 4 H+ + 4 e- + O2\no O2 liberado vem da AGUA\nfotossistema II e I')).toContain('o $\\ce{O2}$ liberado');
    expect(lines('• fruit\no apples\no pears')).toMatch(/\\item apples/);
  });
  it('makes a short line over a list a heading after a line with no full stop', () => {
    const b = lines('pra fazer 1 glicose precisa de 6 voltas do ciclo -> 18 ATP\nFatores Limitantes\n* intensidade luminosa\n* temperatura');
    expect(b).toContain('{Fatores Limitantes}');
    // A line that runs on (a comma, a colon) is not followed by a heading.
    expect(lines('We need the following for the trip,\nSleeping Bags\n* tent\n* stove')).not.toContain('{Sleeping Bags}');
  });
  it('keeps a name with a role that has an "&" in it one author', () => {
    const b = body('Annual Report\nPrepared by: Hannah Whitfield, Outreach & Digital Services Coordinator\n\nSummary\n\nText of the report here.\n', 'report');
    expect(b).toContain('\\author{Hannah Whitfield, Outreach \\& Digital Services Coordinator}');
    expect(body('Notes\nPrepared by: Ana Ruiz, Bo Chen & Li Wei\n\nText.\n')).toContain('Bo Chen \\and Li Wei');
  });
});

describe('reader 50: columns typed with spaces, boxes, identifiers', () => {
  it('sets what follows a wide space flush right: signatures side by side, a job and its dates', () => {
    const b = lines('Il Presidente                          Il Segretario\nRoberto Mancini                        Elena Ferri');
    expect(b).toContain('Il Presidente\\hfill Il Segretario\\\\\nRoberto Mancini\\hfill Elena Ferri');
    expect(lines('Senior Engineer — Stripe, Dublin                Mar 2021 – present')).toContain('Dublin\\hfill Mar 2021');
    // Two spaces after a full stop are no column.
    expect(lines('It rained.  We stayed in.')).not.toContain('hfill');
  });
  it('keeps lines of fields set apart by bars as lines', () => {
    expect(lines('Dublin | +353 87 412 9981 | dan@example.com\ngithub.com/dan | linkedin.com/in/dan')).toContain('dan@example.com\\\\\ngithub');
  });
  it('reads the squares people type as empty boxes, and a line with a long number as no heading', () => {
    const b = lines('Actions\n□ call the plumber\n□ book the room\n☑ send the minutes');
    expect(b.match(/\\lgtaskopen/g)?.length).toBe(2);
    expect(b).toContain('\\item[\\lgtaskdone] send the minutes');
    expect(body('VERBALE DI ASSEMBLEA\nCondominio "I Glicini"\nC.F. 91234560372\n\nIl giorno 27 febbraio si è riunita l\'assemblea.\n', 'basic')).not.toContain('section*{C.F.');
    expect(body('VERBALE DI ASSEMBLEA\nCondominio "I Glicini"\n\nText.\n', 'basic')).toContain("``I Glicini''");
  });
});
