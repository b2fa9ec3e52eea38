#!/usr/bin/env bash
# Stands in for corsim in the runner's self-tests: prints $FAKE_OUTPUT and exits with $FAKE_STATUS.
printf '%s\n' "${FAKE_OUTPUT:-something else}"
exit "${FAKE_STATUS:-0}"
