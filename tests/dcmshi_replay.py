"""Read a file of hands recorded from dcmshi/sichuan-mahjong and check its deals.

Usage, from the repository root::

    python tests/dcmshi_replay.py [FILE.jsonl.gz ...]

With no file it reads ``tests/data/dcmshi/dcmshi-2000.jsonl.gz``. For each file it prints
``read N hands, M walls match``: N hands read, of which M have the dealer and the wall that
``dcmshi_deal`` works out from the seed (SC-DEALER-1, SC-DEAL-1), then the seed of each hand that
does not. A malformed line stops it with the line and the field named. (The hand-for-hand replay
in the library comes with the Sichuan rules.)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from dcmshi_data import CORPUS, DcmshiDataError, Hand, read_hands
from dcmshi_deal import deal


def wall_matches(hand: Hand) -> bool:
    """Whether the port deals ``hand``'s recorded dealer and wall from its seed."""
    made = deal(hand.seed)
    return made.dealer == hand.dealer and made.wall == hand.wall


def main(argv: Sequence[str] | None = None) -> int:
    """Check every file named (the corpus if none); 0 if every wall matched, 1 if not, 2 if a
    file could not be read."""
    paths = list(sys.argv[1:] if argv is None else argv) or [str(CORPUS)]
    status = 0
    for path in paths:
        count = matched = 0
        missed: list[str] = []
        try:
            for hand in read_hands(path):
                count += 1
                if wall_matches(hand):
                    matched += 1
                else:
                    missed.append(hand.seed)
        except (OSError, EOFError, DcmshiDataError) as error:
            print(f"{path}: {error}", file=sys.stderr)
            return 2
        print(f"read {count} hands, {matched} walls match")
        for seed in missed:
            print(f"  wall differs: seed {seed!r}")
        if missed:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
