// Notes for the compile and browser benchmarks, written for them (the shared corpus is not part of
// the repository): a lecture article, a talk, a report with chapters, and a Chinese and an Arabic
// note of about the same length. No tables: the generator sets them as longtables, which ask for a
// second pass on a fresh compile (column widths), and that is measured separately.
import type { DocumentType } from '../../src/shared/document-types.js';

export interface BenchNote {
  id: string;
  label: string;
  documentType: DocumentType;
  content: string;
  /** A word of the body that an edit may follow (the browser bench types after it). */
  editAnchor: string;
}

const ARTICLE = `# Bayes' theorem and diagnostic tests

## Conditional probability

The probability of an event $A$ given an event $B$ with $P(B) > 0$ is
$$P(A \\mid B) = \\frac{P(A \\cap B)}{P(B)}.$$
It answers a simple question: once we know that $B$ happened, how much of $B$ is also $A$?

- The definition is symmetric in the intersection, not in the conditioning.
- If $A$ and $B$ are independent then $P(A \\mid B) = P(A)$.
- Conditioning on an event of probability zero needs densities instead.

## The theorem

Writing the intersection both ways gives Bayes' theorem:
$$P(A \\mid B) = \\frac{P(B \\mid A)\\,P(A)}{P(B)}, \\qquad P(B) = \\sum_i P(B \\mid A_i)\\,P(A_i)$$
for a partition $A_1, \\dots, A_n$ of the sample space. The denominator is the law of total probability.

## A diagnostic test

A disease affects one person in a thousand. A test finds it in 99 % of sick people and wrongly
reports it in 2 % of healthy people. Someone tests positive: how likely is it that they are sick?

1. The prior is $P(D) = 0.001$.
2. The likelihood of a positive result is $P(+ \\mid D) = 0.99$ and $P(+ \\mid \\neg D) = 0.02$.
3. The evidence is $P(+) = 0.99 \\cdot 0.001 + 0.02 \\cdot 0.999 \\approx 0.021$.
4. The posterior is $P(D \\mid +) \\approx 0.047$: fewer than one in twenty.

The surprise comes from the base rate: healthy people are so many that their false positives
outnumber the true ones. A second, independent test changes the picture, because the posterior of
the first test becomes the prior of the second.

## Odds form

In odds the theorem is a product: posterior odds equal prior odds times the likelihood ratio,
$$\\frac{P(D \\mid +)}{P(\\neg D \\mid +)} = \\frac{P(D)}{P(\\neg D)} \\cdot \\frac{P(+ \\mid D)}{P(+ \\mid \\neg D)}.$$
Each new piece of evidence multiplies the odds by its own ratio, which is why log-odds add up.

## Exercises

- Compute the posterior after two positive tests.
- Find the prevalence at which a positive test means a 50 % chance of disease.
- Explain why screening rare diseases needs very specific tests.
`;

const PRESENTATION = `# Faster builds for everyone

## Where the time goes

- Cold caches on every run
- Tests that wait on the network
- One machine doing the work of four

## What we changed

- A shared cache keyed by content
- Fakes for the slow services
- Jobs spread over the pool

## Results

The median build went from 14 minutes to 5 minutes. The slowest tenth went from 31 to 9.

## Next steps

- Cache the dependency install
- Split the end-to-end suite
- Report flaky tests automatically
`;

const REPORT = `# Annual water quality report

## Summary

The city met every drinking water standard this year. Lead levels fell for the third year in a row,
and the new treatment stage removed most of the taste and odour complaints.

## Sources

### Surface water

Two reservoirs supply most of the water. Both were sampled weekly for bacteria, nitrates and
turbidity; all results stayed well inside the limits.

### Groundwater

Four wells supply the rest. Arsenic stayed below a quarter of the limit at every well.

## Treatment

### Filtration

Sand filters were renewed at the main plant. Turbidity after filtration averaged 0.05 units.

### Disinfection

Chlorine residual stayed between 0.4 and 0.9 mg/L across the network.

## Outlook

Next year the last lead service lines will be replaced and a second ozone contactor will go online.
`;

const CHINESE = `# 线性代数笔记

## 向量空间

向量空间是一个集合，其中的元素可以相加，也可以与标量相乘。常见的例子是 $\\mathbb{R}^n$，
以及所有次数不超过 $n$ 的多项式。

- 零向量唯一存在。
- 每个向量都有唯一的负向量。
- 数乘对向量加法满足分配律。

## 线性映射

映射 $T: V \\to W$ 如果满足 $T(au + bv) = aT(u) + bT(v)$，就称为线性映射。
线性映射的核与像都是子空间，并且有维数公式
$$\\dim V = \\dim \\ker T + \\dim \\operatorname{im} T.$$

## 特征值

若存在非零向量 $v$ 使得 $Av = \\lambda v$，则称 $\\lambda$ 为矩阵 $A$ 的特征值。
特征值是特征多项式 $\\det(A - \\lambda I) = 0$ 的根。对称矩阵的特征值都是实数，
并且可以找到一组正交的特征向量。

## 练习

1. 证明两个子空间的交仍是子空间。
2. 求矩阵的特征值与特征向量。
3. 说明为什么相似矩阵有相同的特征多项式。
`;

const ARABIC = `# ملاحظات عن الطاقة الشمسية

## مقدمة

الطاقة الشمسية مصدر نظيف ومتجدد للطاقة. تحول الألواح الضوئية ضوء الشمس مباشرة إلى كهرباء،
وتستعمل المجمعات الحرارية حرارة الشمس لتسخين الماء.

- تزداد كفاءة الألواح كل عام.
- تنخفض تكلفة التركيب بسرعة.
- لا تنتج الألواح أي انبعاثات أثناء التشغيل.

## كيف تعمل الخلية الضوئية

عندما يسقط الضوء على طبقة السيليكون تتحرر إلكترونات وينشأ تيار كهربائي. تعطي الخلية الواحدة
جهدا صغيرا، لذلك توصل خلايا كثيرة معا في لوح واحد.

## التخزين

الشمس لا تشرق في الليل، لذلك تحتاج الأنظمة إلى بطاريات أو إلى شبكة كهرباء تستقبل الفائض
في النهار وتعيده في المساء.

## تمارين

1. احسب إنتاج لوح قدرته مئتا واط في خمس ساعات من الشمس.
2. قارن بين تكلفة الكهرباء من الشبكة ومن الألواح على مدى عشر سنوات.
3. اشرح لماذا يميل اللوح نحو الجنوب في نصف الكرة الشمالي.
`;

export const BENCH_NOTES: BenchNote[] = [
  { id: 'article', label: 'article', documentType: 'article', content: ARTICLE, editAnchor: 'simple question' },
  { id: 'presentation', label: 'presentation', documentType: 'presentation', content: PRESENTATION, editAnchor: 'Cold caches' },
  { id: 'report', label: 'report', documentType: 'report', content: REPORT, editAnchor: 'third year' },
  { id: 'zh', label: 'Chinese note', documentType: 'article', content: CHINESE, editAnchor: '常见的例子' },
  { id: 'ar', label: 'Arabic note', documentType: 'article', content: ARABIC, editAnchor: 'مصدر نظيف' },
];

export function requireNote(id: string): BenchNote {
  const note = BENCH_NOTES.find((n) => n.id === id);
  if (!note) throw new Error(`no bench note ${id}`);
  return note;
}
