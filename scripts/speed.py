#!/usr/bin/env python3
"""Prints the table of issue 34: stress against the least a program must
do (internal/limit, built as internal/limit/cmd/limit) and against the
anchors (conlleval.pl, nlpaug) where they are installed, in CPU time
(user+sys) of whole processes, medians of interleaved runs.

usage: scripts/speed.py [RUNS]     (from the repository root; default 11)

The corpus is the 786,743-token file (6.7 MB) of the issue: BC5CDR-IOB
train, devel and test, NCBI-disease-IOB train, devel and test, then
BC5CDR-chem-IOB devel and test, from ../shared/corpora; its conlleval
input (9.2 MB) writes each token with its gold tag and a prediction
that flips every 17th line (O to B-Chemical, any other tag to O).

Anchors: CONLLEVAL=path/to/conlleval.pl (run with perl) and nlpaug
importable by $PYTHON (default python3; scripts/bench_nlpaug.py runs
it); a missing one shows as "not installed". No figure is typed by
hand: scripts/figures.sh -sources limit runs this and puts the line
and the table it prints into docs/speed.md.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

CORPORA = [
    ("BC5CDR-IOB", ["train", "devel", "test"]),
    ("NCBI-disease-IOB", ["train", "devel", "test"]),
    ("BC5CDR-chem-IOB", ["devel", "test"]),
]


def build(tmp):
    bins = {}
    for name, pkg in [("stress", "./cmd/stress"), ("limit", "./internal/limit/cmd/limit")]:
        bins[name] = os.path.join(tmp, name)
        subprocess.run(["go", "build", "-o", bins[name], pkg], check=True)
    return bins


def corpus(tmp):
    tsv = os.path.join(tmp, "big.tsv")
    with open(tsv, "wb") as out:
        for folder, splits in CORPORA:
            for split in splits:
                with open(os.path.join("..", "shared", "corpora", folder, split + ".tsv"), "rb") as f:
                    out.write(f.read())
    conlleval = os.path.join(tmp, "big.conlleval")
    with open(tsv, encoding="utf-8") as f, open(conlleval, "w", encoding="utf-8") as out:
        for n, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 2:
                out.write("\n")
                continue
            gold = fields[-1]
            pred = gold
            if n % 17 == 0:
                pred = "B-Chemical" if gold == "O" else "O"
            out.write(f"{fields[0]} {gold} {pred}\n")
    return tsv, conlleval


def cpu(argv, stdin=None):
    """Runs argv and returns its user+sys CPU seconds and peak RSS (MiB)."""
    with open(stdin or os.devnull, "rb") as f:
        p = subprocess.Popen(argv, stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(argv)}: exit status {p.returncode}")
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 11
    py = os.environ.get("PYTHON", "python3")
    perl_script = os.environ.get("CONLLEVAL", "")
    have_perl = bool(perl_script) and os.path.exists(perl_script) and shutil.which("perl")
    have_nlpaug = subprocess.run([py, "-c", "import nlpaug"], stderr=subprocess.DEVNULL).returncode == 0
    with tempfile.TemporaryDirectory() as tmp:
        bins = build(tmp)
        tsv, conlleval = corpus(tmp)
        out = os.path.join(tmp, "out.tsv")
        s, lim = bins["stress"], bins["limit"]
        test = os.path.join("..", "shared", "corpora", "BC5CDR-IOB", "test.tsv")
        # name: (stress argv, limit argv, anchor argv or None, anchor name, stdin of the anchor)
        rows = {
            "score": ([s, "score", conlleval], [lim, "score", conlleval],
                      ["perl", perl_script] if have_perl else None, "conlleval.pl", conlleval),
            "perturb keyboard, every eligible word": (
                [s, "perturb", "--kind", "keyboard", "--seed", "1", "--workers", "1", "--force", "-o", out, tsv],
                [lim, "perturb", tsv, out],
                [py, "scripts/bench_nlpaug.py", tsv, "", "keyboard"] if have_nlpaug else None, "nlpaug KeyboardAug", None),
            "perturb swap": (
                [s, "perturb", "--kind", "swap", "--seed", "1", "--workers", "1", "--force", "-o", out, tsv],
                [lim, "perturb", tsv, out],
                [py, "scripts/bench_nlpaug.py", tsv, "", "swap"] if have_nlpaug else None, "nlpaug RandomCharAug swap", None),
            "start-up (stress version)": ([s, "version"], None, None, "", None),
            # issue 34: synonym within 0.2 s CPU of keyboard on BC5CDR test, peak RSS < 100 MiB
            # --workers 1, as the issue measures them: a second worker adds CPU and memory, not work.
            "BC5CDR test: perturb synonym": (
                [s, "perturb", "--kind", "synonym", "--seed", "1", "--workers", "1", "--force", "-o", out, test], None, None, "", None),
            "BC5CDR test: perturb keyboard": (
                [s, "perturb", "--kind", "keyboard", "--seed", "1", "--workers", "1", "--force", "-o", out, test], None, None, "", None),
        }
        times = {name: {"stress": [], "limit": [], "anchor": []} for name in rows}
        rss = {name: 0 for name in rows}
        for i in range(runs):
            for name, (st, li, an, _, stdin) in rows.items():
                t, m = cpu(st)
                times[name]["stress"].append(t)
                rss[name] = max(rss[name], m)
                if li:
                    times[name]["limit"].append(cpu(li)[0])
                if an and i < min(runs, 3):  # the anchors take seconds: three runs
                    times[name]["anchor"].append(cpu(an, stdin)[0])
        tokens = sum(1 for line in open(tsv, encoding="utf-8") if line.strip())
        print(f"{tokens:,} tokens, {os.path.getsize(tsv) / 1e6:.1f} MB ({os.path.getsize(conlleval) / 1e6:.1f} MB as conlleval input); "
              f"CPU time (user+sys), medians of {runs} interleaved runs (anchors: 3); load {os.getloadavg()[0]:.1f}")
        print()
        print("| work | stress | limit | stress / limit | anchor | anchor / stress | stress peak RSS |")
        print("|---|---|---|---|---|---|---|")
        for name, (_, li, an, anchor, _) in rows.items():
            st = statistics.median(times[name]["stress"])
            cells = [name, f"{st:.3f} s"]
            if li:
                lm = statistics.median(times[name]["limit"])
                cells += [f"{lm:.3f} s", f"{st / lm:.1f}x"]
            else:
                cells += ["", ""]
            if an:
                am = statistics.median(times[name]["anchor"])
                cells += [f"{anchor} {am:.2f} s", f"{am / st:.0f}x"]
            elif anchor:
                cells += [f"{anchor}: not installed", ""]
            else:
                cells += ["", ""]
            cells.append(f"{rss[name]:.0f} MiB")
            print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
