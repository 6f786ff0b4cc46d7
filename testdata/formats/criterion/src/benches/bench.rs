//! The benchmarks behind testdata/formats/criterion. SLOW=1 in the
//! environment triples the work of the benchmarks marked "slowed".
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use std::time::Duration;

fn factor() -> u64 {
    if std::env::var("SLOW").as_deref() == Ok("1") {
        3
    } else {
        1
    }
}

fn total(n: u64) -> u64 {
    (0..n).fold(0, |s, i| s.wrapping_add(black_box(i)))
}

fn benches(c: &mut Criterion) {
    let f = factor();
    // slowed: sums three times as many numbers
    c.bench_function("total", |b| b.iter(|| total(black_box(20_000 * f))));
    // not slowed
    c.bench_function("format", |b| {
        b.iter(|| (0..200).map(|i| i.to_string()).collect::<Vec<_>>().join(","))
    });
    // a group with a parameter: sort/1000 slowed (sorts three times), sort/100 not
    let mut g = c.benchmark_group("sort");
    for n in [100u64, 1000] {
        let data: Vec<u64> = (0..n).rev().collect();
        let reps = if n == 1000 { f } else { 1 };
        g.bench_with_input(BenchmarkId::from_parameter(n), &data, |b, d| {
            b.iter(|| {
                for _ in 0..reps {
                    let mut v = d.clone();
                    v.sort_unstable();
                    black_box(v);
                }
            })
        });
    }
    g.finish();
}

criterion_group! {
    name = group;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = benches
}
criterion_main!(group);
