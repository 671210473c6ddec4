"""``python -m mahjong_rules``: the command line (see :mod:`mahjong_rules.cli`)."""

from mahjong_rules.cli import main

if __name__ == "__main__":  # not when imported, e.g. by pytest's --doctest-modules
    raise SystemExit(main())
