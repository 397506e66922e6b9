import { describe, expect, it } from 'vitest';
import { withoutChatWrapper } from './chat-wrapper.js';
import { noteWordCounts } from './note-text.js';

describe("a chat assistant's opening and closing offer", () => {
  const answer = "Sure! Here's a clear explanation of **Fourier series**, step by step.\n\n### 1. The idea\n\nAny periodic function is a sum of sines.\n\n### 2. The coefficients\n\nThey are integrals.\n\nWould you like me to plot the partial sums? 😊\n";
  it('are no words a reader looks for in the document', () => {
    const text = withoutChatWrapper(answer);
    expect(text).not.toContain('Sure!');
    expect(text).not.toContain('Would you like');
    expect(text).toContain('Any periodic function');
    expect(noteWordCounts(answer).has('sure')).toBe(false);
  });
  it("leave a note of the person's own words alone", () => {
    const own = 'Here are my notes from Monday:\n\n## Budget\n\nText.\n\n## Staff\n\nWould you like to join the staff party?\n';
    expect(withoutChatWrapper(own)).toBe(own);
    // Without headings, an opening line is the note's.
    const plain = "Sure! Here's the plan.\n\nWe meet at ten.\n";
    expect(withoutChatWrapper(plain)).toBe(plain);
  });
});
