// hearth-listen-bench: the load generator behind `SECTIONS=5 scripts/bench` (see ListenBench).
ListenBench.main()
