// Notes written for the note-format tests (org-mode, callouts and admonitions of every Markdown
// dialect): small, but shaped like real notes, each feature once.

export const ORG_NOTE = `#+TITLE: Lab Notebook: Pendulum Timing
#+AUTHOR: Dana Whitfield
#+DATE: <2024-03-14 Thu>
#+OPTIONS: toc:nil num:t
#+STARTUP: overview

* Goal
We measure the period $T$ of a simple pendulum and compare it with
\\(T = 2\\pi\\sqrt{L/g}\\). See [[https://en.wikipedia.org/wiki/Pendulum][the Wikipedia article]] and [fn:1].

* TODO Setup                                                      :lab:setup:
:PROPERTIES:
:CUSTOM_ID: setup
:END:
SCHEDULED: <2024-03-15 Fri>
- String length :: 1.20 m (measured twice)
- Bob mass :: 50 g
- Timer :: phone stopwatch, /not/ very precise

** Checklist
- [X] clamp the stand
- [ ] zero the protractor
  1. loosen the screw
  2. align with the string
- [-] practise the release

* Results
#+CAPTION: Ten swings, timed three times.
#+NAME: tab:swings
| Trial | 10 swings (s) | Period (s) |
|-------+---------------+------------|
|     1 |         21.9 |       2.19 |
|     2 |         22.1 |       2.21 |
|     3 |         22.0 |       2.20 |

The mean is =2.20 s=, close to the prediction:
\\begin{equation}
T = 2\\pi \\sqrt{\\frac{1.20}{9.81}} \\approx 2.20\\,\\mathrm{s}
\\end{equation}

#+BEGIN_NOTE
The *amplitude* was kept below 10\\deg; larger swings run slow.
#+END_NOTE

#+begin_warning Do not
stand in the swing's path.
#+end_warning

#+BEGIN_SRC python :results output
import math
print(2 * math.pi * math.sqrt(1.2 / 9.81))
#+END_SRC

#+RESULTS:
: 2.1975

#+BEGIN_QUOTE
All models are wrong, but some are useful. -- George Box
#+END_QUOTE

#+BEGIN_VERSE
  Swing low,
  swing slow,
#+END_VERSE

* COMMENT Scratch
This is not exported.

* Notes                                                        :noexport:
Private.

[fn:1] Galileo noticed the isochronism of the pendulum around 1602.
`;

export const CALLOUT_NOTE = `# Field Guide to Callouts

Intro paragraph with a footnote.[^1]

> [!NOTE]
> GitHub alert: useful information that users should know.

> [!tip] Obsidian title with **bold**
> First line of the body.
> - a list item
> - another item

> [!warning]- Folded callout
> Hidden until opened.
> > [!question] Nested question
> > Still inside.

> An ordinary quote stays a quote.

!!! note "MkDocs title"
    The body of an MkDocs admonition,
    over two lines.

    \`\`\`python
    print("code in an admonition")
    \`\`\`

??? danger
    Collapsible, no title.

!!! Wow, prose that starts with bangs is not an admonition.

:::tip Docusaurus title
Docusaurus body text.
:::

::: {.callout-important title="Quarto title"}
Quarto callout body.
:::

:::{seealso}
MyST fenced directive.
:::

\`\`\`{warning}
MyST backtick directive.
\`\`\`

<aside>
💡 A Notion callout with an emoji.

</aside>

<details>
<summary>Notion toggle</summary>

Toggle content.

</details>

::: columns
Pandoc div kept as written.
:::

[^1]: The footnote text.
`;
