"""The tests of the served table (examples/server)."""
