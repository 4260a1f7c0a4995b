#!/usr/bin/env python3
"""Reference values for review's statistics tests, computed independently of the Go code.

Run from review/testdata:  python3 reference.py > reference.tsv
             python3 reference.py --libraries > reference_libraries.tsv

By default no third-party packages: each measure is re-implemented here from its published
definition, in a different form from the Go code (below). With --libraries (Debian's
python3-statsmodels and python3-sklearn, run with /usr/bin/python3) the three measures are the
libraries' own, for reference_libraries.tsv; the Go tests check both files.


  wilson  Wilson (1927) score interval, as statsmodels' proportion_confint(method="wilson"):
          the bounds are the roots of the quadratic (1 + z^2/n) p^2 - (2 p_hat + z^2/n) p + p_hat^2 = 0.
          Checked against Newcombe (1998), Table I, method 3 (score interval without continuity
          correction): 81/263 -> 0.2553-0.3662, 15/148 -> 0.0624-0.1605, 0/20 -> 0-0.1611,
          1/29 -> 0.0061-0.1718 (asserted below).
  cohen   Cohen's (1960) kappa as sklearn.metrics.cohen_kappa_score computes it: the confusion
          matrix cm, expected = outer(row sums, column sums) / n, kappa = 1 - sum(w*cm)/sum(w*expected)
          with w = 1 - identity. Checked against Wikipedia's worked example (50 grant proposals:
          20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no -> kappa 0.4).
  fleiss  Fleiss' (1971) kappa as statsmodels.stats.inter_rater.fleiss_kappa(method="fleiss") on a
          subjects x categories table of counts. Checked against Fleiss (1971)'s example as given on
          Wikipedia (10 subjects, 14 raters, 5 categories -> P_bar 0.378, P_e 0.213, kappa 0.210).

It also scores the hand-made judgement files of score/ (key.tsv, judge-*.tsv) with the rule of
review.Score (an item is valid when more than half of the judges who judged it chose its first
label) and writes the expected figures, so that the Go test compares two implementations.
"""
import math
import sys

Z = 1.959963984540054  # scipy.stats.norm.ppf(0.975)


def wilson(k, n, z=Z):
    ph = k / n
    a = 1 + z * z / n
    b = -(2 * ph + z * z / n)
    c = ph * ph
    d = math.sqrt(b * b - 4 * a * c)
    return (-b - d) / (2 * a), (-b + d) / (2 * a)


def cohen(x, y):
    labels = sorted(set(x) | set(y))
    idx = {l: i for i, l in enumerate(labels)}
    m = len(labels)
    cm = [[0] * m for _ in range(m)]
    for a, b in zip(x, y):
        cm[idx[a]][idx[b]] += 1
    n = len(x)
    rows = [sum(cm[i]) for i in range(m)]
    cols = [sum(cm[i][j] for i in range(m)) for j in range(m)]
    num = sum(cm[i][j] for i in range(m) for j in range(m) if i != j)
    den = sum(rows[i] * cols[j] / n for i in range(m) for j in range(m) if i != j)
    if den == 0:
        return float("nan")
    return 1 - num / den


def fleiss(table):
    """table: subjects x categories counts, the same number of raters per subject."""
    N = len(table)
    n = sum(table[0])
    total = N * n
    p = [sum(row[j] for row in table) / total for j in range(len(table[0]))]
    P = [(sum(c * c for c in row) - n) / (n * (n - 1)) for row in table]
    pbar = sum(P) / N
    pe = sum(q * q for q in p)
    if pe == 1:
        return float("nan"), pbar
    return (pbar - pe) / (1 - pe), pbar


def fmt(x):
    return "nan" if isinstance(x, float) and math.isnan(x) else repr(float(x))


# With --libraries the three measures are those of the libraries the tests name, as
# Debian packages them (python3-statsmodels, python3-sklearn): the output,
# reference_libraries.tsv, is what those libraries compute, checked against the same
# published examples below.
LIBRARIES = "--libraries" in sys.argv[1:]
if LIBRARIES:
    import warnings

    import numpy as np
    import sklearn
    import statsmodels
    from sklearn.metrics import cohen_kappa_score
    from statsmodels.stats.inter_rater import fleiss_kappa
    from statsmodels.stats.proportion import proportion_confint

    warnings.simplefilter("ignore")  # 0/0 for undefined kappas: nan, as expected

    def wilson(k, n, z=Z):
        lo, hi = proportion_confint(k, n, alpha=0.05, method="wilson")
        return float(lo), float(hi)

    def cohen(x, y):
        return float(cohen_kappa_score(x, y))

    def fleiss(table):
        t = np.asarray(table, dtype=float)
        n = t.sum(axis=1)[0]
        pbar = float(((t * t).sum(axis=1) - n).sum() / (n * (n - 1)) / len(t))
        return float(fleiss_kappa(t, method="fleiss")), pbar


# Published values first: the script stops if an implementation disagrees with them.
for (k, n), (lo, hi) in {(81, 263): (0.2553, 0.3662), (15, 148): (0.0624, 0.1605),
                         (0, 20): (0.0, 0.1611), (1, 29): (0.0061, 0.1718)}.items():
    l, h = wilson(k, n)
    assert round(l, 4) == lo and round(h, 4) == hi, (k, n, l, h)
grant_a = ["yes"] * 25 + ["no"] * 25
grant_b = ["yes"] * 20 + ["no"] * 5 + ["yes"] * 10 + ["no"] * 15
assert abs(cohen(grant_a, grant_b) - 0.4) < 1e-12
FLEISS_1971 = [[0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
               [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7]]
k, pbar = fleiss(FLEISS_1971)
assert round(k, 3) == 0.210 and round(pbar, 3) == 0.378, (k, pbar)

out = sys.stdout
if LIBRARIES:
    out.write(f"# generated by reference.py --libraries: statsmodels {statsmodels.__version__} proportion_confint(method='wilson'), "
              f"sklearn {sklearn.__version__} cohen_kappa_score, statsmodels fleiss_kappa(method='fleiss'); "
              "columns: measure, case, inputs..., expected values\n")
else:
    out.write("# generated by reference.py; columns: measure, case, inputs..., expected values\n")
for k, n in [(81, 263), (15, 148), (0, 20), (1, 29), (0, 1), (1, 1), (50, 100), (85, 100), (92, 100),
             (185, 200), (3, 7), (1000, 1001), (0, 1000), (99999, 100000), (171, 200)]:
    l, h = wilson(k, n)
    out.write(f"wilson\t{k}/{n}\t{k}\t{n}\t{fmt(l)}\t{fmt(h)}\n")

cohen_cases = {
    "wikipedia-grant": (grant_a, grant_b),
    "perfect": (["a", "b", "c", "a"], ["a", "b", "c", "a"]),
    "opposite": (["a", "b"] * 5, ["b", "a"] * 5),
    "one-label-each": (["a"] * 6, ["b"] * 6),
    "same-single-label": (["a"] * 6, ["a"] * 6),
    "five-labels": ("n n n u m g n n s n u n n m n g n n n u".split(), "n n u u m n n s s n u n g m n g n u n n".split()),
    "unequal-marginals": (list("aaaaaaaabb"), list("aaaaabbbbb")),
}
for name, (a, b) in cohen_cases.items():
    out.write(f"cohen\t{name}\t{','.join(a)}\t{','.join(b)}\t{fmt(cohen(a, b))}\n")

fleiss_cases = {
    "fleiss1971": FLEISS_1971,
    "three-raters": [[3, 0, 0], [2, 1, 0], [0, 3, 0], [1, 1, 1], [0, 0, 3], [2, 0, 1]],
    "all-agree-one-label": [[4, 0], [4, 0], [4, 0]],
    "two-raters": [[2, 0], [1, 1], [0, 2], [2, 0], [1, 1]],
}
for name, table in fleiss_cases.items():
    k, pbar = fleiss(table)
    rows = ";".join(",".join(str(c) for c in row) for row in table)
    out.write(f"fleiss\t{name}\t{rows}\t{fmt(k)}\t{fmt(pbar)}\n")


# Scoring the hand-made files.
def read_key(path):
    rows = {}
    order = []
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            r = dict(zip(header, line.rstrip("\n").split("\t")))
            r["labels"] = r["labels"].split(",")
            rows[r["item"]] = r
            order.append(r["item"])
    return rows, order


def read_judge(path, key):
    out = {}
    with open(path) as f:
        header = [h.lower() for h in f.readline().rstrip("\n").split("\t")]
        ii, li = header.index("item"), header.index("label")
        for line in f:
            c = line.rstrip("\n").split("\t")
            item, label = c[ii].strip(), c[li].strip() if li < len(c) else ""
            if not label:
                continue
            labels = key[item]["labels"]
            match = [l for l in labels if l.lower() == label.lower()]
            out[item] = match[0] if match else labels[int(label) - 1]
    return out


key, order = read_key("score/key.tsv")
judges = [read_judge(f"score/judge-{j}.tsv", key) for j in "abc"]


def score(judges, tag):
    valid_items, judged = {}, []
    for item in order:
        ls = [j[item] for j in judges if item in j]
        if not ls:
            continue
        judged.append(item)
        valid_items[item] = 2 * sum(1 for l in ls if l == key[item]["labels"][0]) > len(ls)
    v = sum(valid_items.values())
    lo, hi = wilson(v, len(judged))
    out.write(f"score\t{tag}\toverall\t\t{len(judged)}\t{v}\t{fmt(lo)}\t{fmt(hi)}\n")
    for col in ["kind", "type", "source"]:
        for val in sorted({key[i][col] for i in judged}):
            items = [i for i in judged if key[i][col] == val]
            v = sum(valid_items[i] for i in items)
            lo, hi = wilson(v, len(items))
            out.write(f"score\t{tag}\t{col}\t{val}\t{len(items)}\t{v}\t{fmt(lo)}\t{fmt(hi)}\n")
    both = [i for i in order if all(i in j for j in judges)]
    first = lambda i, l: "valid" if l == key[i]["labels"][0] else "not valid"
    if len(judges) == 2:
        a = [judges[0][i] for i in both]
        b = [judges[1][i] for i in both]
        kl = cohen(a, b)
        kv = cohen([first(i, judges[0][i]) for i in both], [first(i, judges[1][i]) for i in both])
        obs = sum(1 for x, y in zip(a, b) if x == y) / len(both)
        out.write(f"score\t{tag}\tcohen\t\t{len(both)}\t\t{fmt(kl)}\t{fmt(kv)}\t{fmt(obs)}\n")
    elif len(judges) > 2:
        labels = sorted({j[i] for j in judges for i in both})
        table = [[sum(1 for j in judges if j[i] == l) for l in labels] for i in both]
        kl, pbar = fleiss(table)
        table2 = [[sum(1 for j in judges if first(i, j[i]) == l) for l in ["not valid", "valid"]] for i in both]
        kv, _ = fleiss(table2)
        out.write(f"score\t{tag}\tfleiss\t\t{len(both)}\t\t{fmt(kl)}\t{fmt(kv)}\t{fmt(pbar)}\n")


score(judges[:1], "a")
score(judges[:2], "a+b")
score(judges, "a+b+c")
