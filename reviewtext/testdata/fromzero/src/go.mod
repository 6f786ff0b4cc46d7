module fromzero

go 1.26
