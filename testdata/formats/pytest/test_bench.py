"""The benchmarks behind testdata/formats/pytest. SLOW=1 in the environment
doubles the work of the benchmarks marked "slowed"."""
import os

FACTOR = 2 if os.environ.get("SLOW") == "1" else 1


def total(n):
    s = 0
    for i in range(n):
        s += i
    return s


def test_total(benchmark):
    """Slowed: sums twice as many numbers."""
    benchmark(total, 20000 * FACTOR)


def test_join(benchmark):
    """Not slowed."""
    benchmark(lambda: ",".join(str(i) for i in range(2000)))


def test_sort(benchmark):
    """Slowed: sorts the list twice."""
    data = list(range(20000, 0, -1))

    def run():
        for _ in range(FACTOR):
            sorted(data)

    benchmark(run)
