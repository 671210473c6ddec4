"""Where tables are kept when several server processes share them: Redis (``serve.py --redis URL``).

:class:`RedisStore` has the methods of :class:`.storage.Store` that a table calls, so a table
plays the same on either. Each action is appended to the table's log by one Lua script that
checks, atomically, that the version is the next one *and* that this process still holds the
table's lease: the log never holds an action twice, and a process whose lease has lapsed (its
table taken over by another) cannot write any more. The store's calls are the synchronous client's
(an action is stored before it is applied, inside the table's own code); the processes' messages
and leases use the asyncio client (:mod:`.cluster`).

The layout (every key under the ``prefix``, ``mj:`` by default)::

    next                 INCR: the last table number given; ids are t<number>, never reused
    tables               ZSET: every table id, scored by its number (the lobby's list)
    table:<id>           HASH: game, options, people, seed, lang (JSON), hands, version
    tokens:<id>          HASH: seat -> the token of its person
    hands:<id>           HASH: hand -> its HandRecord (without actions while played)
    ended:<id>           SET: the hands that have ended (their record has all their actions)
    log:<id>             LIST: the action log, {"v": version, "hand": n, "action": ...}
    pressed:<id>         SET: "<hand>:<seat>", each person who pressed "next" after that hand
    over                 SET: the tables whose match is over (nobody need take them over)
    summary              HASH: id -> the table's lobby line (Table.summary), written by its owner
    lease:<id>           STRING: the process owning the table (SET NX PX, renewed by its owner)
    inbox:<id>           LIST: clients' messages for the table, taken by its owner
    processing:<id>      LIST: the messages the owner has taken and not yet applied (LMOVE
                         from the inbox; an answer leaves it in the script logging its action)
    out:<process>        channel: the owner's messages for the clients connected to <process>
    released             channel: a process that stopped has let its leases go (take them now)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import redis

from mahjong_rules import Action, HandRecord, from_dict, to_dict
from mahjong_server.storage import StaleVersion, StoredTable

__all__ = ["RELEASE", "RENEW", "TAKE", "RedisStore", "queue"]

_APPEND = """
if redis.call('GET', KEYS[3]) ~= ARGV[4] then return -2 end
if tonumber(redis.call('HGET', KEYS[1], 'version')) ~= tonumber(ARGV[1]) - 1 then return -1 end
redis.call('HSET', KEYS[1], 'version', ARGV[1])
redis.call('RPUSH', KEYS[2], ARGV[2])
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[5], ARGV[3])
  redis.call('SADD', KEYS[5], ARGV[5])
end
if ARGV[6] ~= '' then redis.call('LREM', KEYS[6], 1, ARGV[6]) end
return 1
"""

RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
"""Renew a lease (KEYS[1]) if this process (ARGV[1]) holds it, for ARGV[2] ms."""

RELEASE = """
local n = 0
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then n = n + redis.call('DEL', key) end
end
return n
"""
"""Delete each lease of KEYS that this process (ARGV[1]) holds; how many."""

TAKE = """
local out = {}
for i = 1, #KEYS, 2 do
  while #out < tonumber(ARGV[1]) * 2 do
    local text = redis.call('LMOVE', KEYS[i], KEYS[i + 1], 'LEFT', 'RIGHT')
    if not text then break end
    out[#out + 1] = (i + 1) / 2
    out[#out + 1] = text
  end
end
return out
"""
"""Move up to ARGV[1] messages from each inbox (KEYS, odd) to its processing list (the
next key), oldest first; the moved as a flat list of (the inbox's number from 1, text)."""


def queue(pipe: Any, where: str, text: str) -> None:
    """Queue in ``pipe`` one message a process sends (:mod:`.cluster`), by the first character
    of ``where``, the key that follows it: ``@`` for a client, on its process's channel; ``>``
    into an inbox; ``<`` back into an inbox, first in line (for the table's new owner); ``-``
    applied late, off its processing list."""
    kind, key = where[0], where[1:]
    if kind == "@":
        pipe.publish(key, text)
    elif kind == "-":
        pipe.lrem(key, 1, text)
    else:
        (pipe.lpush if kind == "<" else pipe.rpush)(key, text)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class RedisStore:
    """The tables in the Redis at ``url``, written as process ``owner``."""

    def __init__(self, url: str, owner: str, prefix: str = "mj:") -> None:
        self.url = url
        self.owner = owner
        self.prefix = prefix
        self.db = redis.Redis.from_url(url, decode_responses=True)
        self._append = self.db.register_script(_APPEND)
        self.consuming: tuple[str, str] | None = None
        """The client's message being applied, as (its processing list, its text): the
        action it leads to removes it from there in the append's script (and sets this to
        ``None``), so an answer leaves that list exactly when its action is logged."""

    def key(self, kind: str, name: str = "") -> str:
        """The key of ``kind`` (``table``, ``log``...) for ``name``."""
        return f"{self.prefix}{kind}:{name}" if name else f"{self.prefix}{kind}"

    def close(self) -> None:
        self.db.close()

    def new_table(
        self,
        game: str,
        options: Any,
        people: frozenset[int],
        seed: int | str,
        lang: str,
        hands: int,
        first: HandRecord,
        *,
        table_id: str | None = None,
    ) -> str:
        """Store a new table, its first hand and its lease (this process owns it); its id."""
        number = int(self.db.incr(self.key("next")))
        table_id = table_id or f"t{number}"
        fields: dict[bytes | bytearray | memoryview[int] | str | int | float, Any] = {
            "game": game,
            "options": _json(to_dict(options)),
            "people": _json(sorted(people)),
            "seed": _json(seed),
            "lang": lang,
            "hands": str(hands),
            "version": "0",
        }
        pipe = self.db.pipeline()  # MULTI/EXEC: all of it or nothing
        pipe.hset(self.key("table", table_id), mapping=fields)
        pipe.hset(self.key("hands", table_id), "0", _json(to_dict(first)))
        pipe.set(self.key("lease", table_id), self.owner, px=self.lease_ms)
        pipe.zadd(self.key("tables"), {table_id: number})
        pipe.execute()
        return table_id

    lease_ms = 3000
    """How long a lease lasts unless renewed (milliseconds)."""

    def set_token(self, table_id: str, seat: int, token: str) -> None:
        """The token of ``seat``'s person (given at its first join)."""
        self.db.hset(self.key("tokens", table_id), str(seat), token)

    def append(
        self,
        table_id: str,
        version: int,
        hand: int,
        action: Action,
        ended: HandRecord | None = None,
    ) -> None:
        """Log ``action`` as action number ``version`` (the next, and this process the table's
        owner, or :class:`.storage.StaleVersion`), with the hand's record if it ``ended`` it."""
        entry = _json({"v": version, "hand": hand, "action": to_dict(action)})
        keys = [self.key(kind, table_id) for kind in ("table", "log", "lease", "hands", "ended")]
        record = "" if ended is None else _json(to_dict(ended))
        where, message = self.consuming or (self.key("processing", table_id), "")
        args: list[str | int] = [version, entry, record, self.owner, hand, message]
        done = self._append(keys=[*keys, where], args=args)
        if done == -2:
            raise StaleVersion(f"table {table_id} is no longer this process's")
        if done != 1:
            raise StaleVersion(f"table {table_id} is past version {version - 1}")
        self.consuming = None

    def new_hand(self, table_id: str, hand: int, record: HandRecord) -> None:
        """The match's next hand, dealt (its record without actions)."""
        self.db.hsetnx(self.key("hands", table_id), str(hand), _json(to_dict(record)))

    def press(self, table_id: str, hand: int, seat: int) -> None:
        """``seat``'s person pressed "next" once hand ``hand`` (from 0) had ended."""
        self.db.sadd(self.key("pressed", table_id), f"{hand}:{seat}")

    def record(self, table_id: str, hand: int) -> HandRecord | None:
        """The whole record of an ended hand (``None``: no such hand ended)."""
        if not self.db.sismember(self.key("ended", table_id), str(hand)):
            return None
        doc = self.db.hget(self.key("hands", table_id), str(hand))
        return None if doc is None else from_dict(json.loads(str(doc)), HandRecord)

    def ids(self) -> list[str]:
        """Every table's id, oldest first."""
        return [str(name) for name in self.db.zrange(self.key("tables"), 0, -1)]

    def log(self, table_id: str) -> list[dict[str, Any]]:
        """The table's action log, each entry ``{"v", "hand", "action"}``."""
        entries = self.db.lrange(self.key("log", table_id), 0, -1)
        return [json.loads(str(entry)) for entry in entries]

    def table(self, table_id: str) -> StoredTable | None:
        """The table as stored (``None``: no such table)."""
        fields = {str(k): str(v) for k, v in self.db.hgetall(self.key("table", table_id)).items()}
        if not fields:
            return None
        hands = self.db.hgetall(self.key("hands", table_id))
        ended = {int(n) for n in self.db.smembers(self.key("ended", table_id))}
        numbers = sorted(int(n) for n in hands)
        played: list[dict[str, Any]] = []
        if numbers and numbers[-1] not in ended:
            played = [e for e in self.log(table_id) if e["hand"] == numbers[-1]]
        records: list[HandRecord] = []
        for number in numbers:
            record = from_dict(json.loads(hands[str(number)]), HandRecord)
            if number not in ended:
                for entry in played:
                    record = record.with_action(from_dict(entry["action"], Action))
            records.append(record)
        tokens = self.db.hgetall(self.key("tokens", table_id))
        last = f"{numbers[-1]}:" if numbers and numbers[-1] in ended else None
        presses = self.db.smembers(self.key("pressed", table_id)) if last else set()
        pressed = [int(str(p)[len(last) :]) for p in presses if last and str(p).startswith(last)]
        return StoredTable(
            id=table_id,
            game=fields["game"],
            options=from_dict(json.loads(fields["options"])),
            people=frozenset(json.loads(fields["people"])),
            seed=json.loads(fields["seed"]),
            lang=fields["lang"],
            hands=int(fields["hands"]),
            version=int(fields["version"]),
            tokens={int(seat): str(token) for seat, token in tokens.items()},
            records=tuple(records),
            ended=tuple(number in ended for number in numbers),
            pressed=frozenset(pressed),
        )

    def take(self, table_id: str) -> bool:
        """Take the table's lease if nobody holds it (``SET NX PX``)."""
        key = self.key("lease", table_id)
        return bool(self.db.set(key, self.owner, nx=True, px=self.lease_ms))

    def tables(self) -> Iterator[StoredTable]:
        """The unfinished tables nobody owns (their owner gone), each taken here."""
        over = {str(name) for name in self.db.smembers(self.key("over"))}
        for table_id in self.ids():
            if table_id not in over and self.take(table_id):
                stored = self.table(table_id)
                if stored is not None:
                    yield stored
