"""A UAIX/UAS implementation in plain Python 3 (standard library only), written as the example
out-of-process adapter of uaix-conformance. See ../README.md."""
