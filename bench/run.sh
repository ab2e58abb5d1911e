#!/bin/sh
# `npm run bench`: every part in turn, or one of them alone with BENCH_ONLY=cold-start|admin-search|statistics|reseller|pages.
# (BENCH_ONLY=purchases narrows the HTTP part to its purchase run, as before; BENCH_STATISTICS_KEEP=1 keeps the
# statistics data set on PostgreSQL after the run and reuses it on the next, instead of seeding it again.)
if [ "$BENCH_ONLY" = cold-start ]; then exec tsx cold-start.ts; fi
if [ "$BENCH_ONLY" = admin-search ]; then exec tsx admin-search-bench.ts; fi
if [ "$BENCH_ONLY" = statistics ]; then exec tsx statistics-bench.ts; fi
if [ "$BENCH_ONLY" = reseller ]; then exec tsx reseller-bench.ts; fi
# The page budget (issue 38): every route of the spec, warm, in Chromium; over budget is a WARNING, not a failure.
if [ "$BENCH_ONLY" = pages ]; then exec node ../e2e/page-budget.mjs; fi
status=0
tsx http-bench.ts || status=1
tsx reseller-bench.ts || status=1
tsx gateway-bench.ts || status=1
tsx cold-start.ts || status=1
node ../e2e/page-budget.mjs || status=1
tsx admin-search-bench.ts || status=1
tsx statistics-bench.ts || status=1
exit $status
