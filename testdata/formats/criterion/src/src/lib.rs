//! Nothing: the fixture is its benches/bench.rs.
