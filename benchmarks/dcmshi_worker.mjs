// The dcmshi side of benchmarks/bench_sichuan.py: one long-lived Node process that plays
// 血战到底 (xuèzhàn dàodǐ) hands on dcmshi/sichuan-mahjong's engine with a uniformly random legal
// policy, so that Node's start-up and the JSON between the processes are never timed.
//
// usage: node dcmshi_worker.mjs ENGINE_DIR     (ENGINE_DIR holds engine/index.js)
//
// It prints one hello line, then answers one JSON line per JSON-line request on stdin:
//   {"cmd": "deal", "seed": S, "hands": N, "config": C}
//       -> {"deals": [{"seed", "dealer", "direction", "wall"}, ...]}: hand k's seed string is
//          String(S + k); the wall is dcmshi's, reordered for the library's explicit wall with
//          library dealer 0 (../shared/SICHUAN.md, "One wall for both engines"), as tile names
//          ("5m"); direction is the swap's in the library's words ("to_next" / "to_previous").
//   {"cmd": "play", "seed": S, "hands": N, "config": C}
//       -> {"hands", "decisions", "draws", "refused", "wins", "seconds", "digest"}, timed here.
// A request that fails is answered {"error": "..."}; the process goes on reading.
//
// The policy, the same as the library side's: hand k plays from a generator seeded with S + k;
// each step it picks one seat uniformly among the seats asked (换三张 / 定缺: every seat that has
// not answered; a claim window: every seat not yet answered, dcmshi having passed those with no
// claim; otherwise the seat whose turn it is), then one action uniformly among that seat's legal
// actions. A decision is such a chosen action, applied. dcmshi's `draw` (turnDrawNeeded), which
// the library makes by itself, is applied and timed but is no decision; `claimWindowExpire` is
// never needed, since every asked seat answers. Legal actions: computeLegalActions in play, one
// per distinct move (dcmshi lists a discard once per tile copy, the library once per kind),
// without the self-draw win it lists but refuses after a peng (SICHUAN.md, "What a differential
// test needs", point 3); 换三张 and 定缺, which dcmshi takes outside that list, enumerated as the
// library lists them (every three tiles of one suit, each multiset once; each suit with each
// kind of it held as the tile set aside, or none when none is held).

import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: node dcmshi_worker.mjs ENGINE_DIR\n');
  process.exit(2);
}
const E = await import(pathToFileURL(join(dir, 'engine', 'index.js')).href);

const PLAYERS = [0, 1, 2, 3].map(i => ({ name: 'P' + i, isBot: true }));
const SUITS = ['man', 'pin', 'sou'];
const LETTER = { man: 'm', pin: 'p', sou: 's' };
const MAX_STEPS = 5000;

/** A small seeded generator (mulberry32): uniform floats in [0, 1). */
function generator(seed) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const kindOf = id => Math.floor(id / 4);
const nameOf = id => `${(kindOf(id) % 9) + 1}${'mps'[Math.floor(kindOf(id) / 9)]}`;

/** The ids of `hand` grouped by kind, for one suit: [[kind, [ids...]], ...] in kind order. */
function byKind(hand, suit) {
  const groups = new Map();
  for (const id of hand) {
    if (E.suitOf(id) !== suit) continue;
    const k = kindOf(id);
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(id);
  }
  return [...groups.entries()].sort((x, y) => x[0] - y[0]);
}

/** 换三张: every three tiles of one suit the seat could pass, each multiset of kinds once. */
function swapChoices(state, seat) {
  const out = [];
  for (const suit of SUITS) {
    const groups = byKind(state.players[seat].hand, suit);
    for (let a = 0; a < groups.length; a++)
      for (let b = a; b < groups.length; b++)
        for (let c = b; c < groups.length; c++) {
          const used = new Map();
          const tiles = [];
          for (const g of [a, b, c]) {
            const n = used.get(g) ?? 0;
            if (n >= groups[g][1].length) break;
            used.set(g, n + 1);
            tiles.push(groups[g][1][n]);
          }
          if (tiles.length === 3) out.push({ t: 'huanSelect', seat, tiles });
        }
  }
  return out;
}

/** 定缺: each suit, with each kind of it held as the tile set aside, or none if none held. */
function voidChoices(state, seat) {
  const out = [];
  for (const suit of SUITS) {
    const groups = byKind(state.players[seat].hand, suit);
    if (groups.length === 0) out.push({ t: 'declareVoid', seat, suit, firstDiscard: null });
    for (const [, ids] of groups) out.push({ t: 'declareVoid', seat, suit, firstDiscard: ids[0] });
  }
  return out;
}

/** computeLegalActions, one per distinct move, without a self-draw win after a peng. */
function playChoices(state, seat) {
  const seen = new Set();
  const out = [];
  const afterPung = E.turnEnteredByPung(state);
  for (const a of E.computeLegalActions(state, seat)) {
    if (a.t === 'declareHuOnDraw' && afterPung) continue;
    const key = a.t === 'discard' ? 'd' + kindOf(a.tile) : null;
    if (key !== null) {
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push(a);
  }
  return out;
}

/** The seats asked now, or null when the driver must draw (or close a window). */
function askedSeats(state) {
  const seats = [];
  if (state.phase === 'huan') {
    for (let i = 0; i < 4; i++) if (state.pendingHuan[i] === null) seats.push(i);
  } else if (state.phase === 'voidDeclare') {
    for (let i = 0; i < 4; i++) if (state.pendingVoid[i] === null) seats.push(i);
  } else if (state.pendingClaims !== null) {
    const w = state.pendingClaims;
    for (let i = 0; i < 4; i++) {
      if (i === w.from || w.passed[i] || w.claims[i] !== null) continue;
      if (state.players[i].status === 'hu') continue;
      seats.push(i);
    }
  } else if (!state.turnDrawNeeded) {
    seats.push(state.turn);
  }
  return seats;
}

function choices(state, seat) {
  if (state.phase === 'huan') return swapChoices(state, seat);
  if (state.phase === 'voidDeclare') return voidChoices(state, seat);
  return playChoices(state, seat);
}

/** Play hands seed .. seed + hands - 1; the figures of the pass, timed here. */
function play(seed, hands, config) {
  let decisions = 0;
  let draws = 0;
  let refused = 0;
  let wins = 0;
  let digest = 0;
  const started = process.hrtime.bigint();
  for (let k = 0; k < hands; k++) {
    const rnd = generator(seed + k);
    let s = E.createGame(String(seed + k), PLAYERS, config, null, 0);
    let steps = 0;
    while (s.phase !== 'roundEnd') {
      if (++steps > MAX_STEPS) throw new Error(`hand ${seed + k} did not end in ${MAX_STEPS} steps`);
      const seats = askedSeats(s);
      if (seats.length === 0) {
        const driver = s.pendingClaims !== null ? { t: 'claimWindowExpire' } : { t: 'draw', seat: s.turn };
        const r = E.applyAction(s, driver, 0);
        if (!r.ok) throw new Error(`hand ${seed + k}: ${driver.t} refused: ${r.reason}`);
        s = r.state;
        draws += 1;
        continue;
      }
      const seat = pick(rnd, seats);
      const list = choices(s, seat);
      for (;;) {
        if (list.length === 0) throw new Error(`hand ${seed + k}: seat ${seat} has no legal action`);
        const i = Math.floor(rnd() * list.length);
        const r = E.applyAction(s, list[i], 0);
        if (r.ok) {
          s = r.state;
          break;
        }
        refused += 1; // listed but refused: drop it and choose again (not a decision)
        list.splice(i, 1);
      }
      decisions += 1;
    }
    wins += s.huOrder.length;
    const deltas = s.scoreDelta ?? s.players.map(p => p.scoreDelta);
    for (const d of deltas) digest = (Math.imul(digest, 31) + (d | 0)) | 0;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { hands, decisions, draws, refused, wins, seconds, digest: (digest >>> 0).toString(16) };
}

/** The swap's direction for a seed, in the library's words (SC-SWAP-2). */
function direction(config, seedText) {
  const dir = { ...E.DEFAULT_CONFIG, ...config }.huanDirection;
  if (dir === 'ccw') return 'to_next';
  if (dir === 'cw') return 'to_previous';
  let h = 0;
  for (let i = 0; i < seedText.length; i++) h = (Math.imul(h, 31) + seedText.charCodeAt(i)) | 0;
  return h & 1 ? 'to_previous' : 'to_next';
}

/** The deals of hands seed .. seed + hands - 1, as the library's explicit walls, dealer 0. */
function deal(seed, hands, config) {
  const deals = [];
  for (let k = 0; k < hands; k++) {
    const text = String(seed + k);
    const s = E.createGame(text, PLAYERS, config, null, 0);
    const w = s.wall;
    const east = s.dealer;
    // library seat j holds dcmshi seat (east - j) mod 4's block; the dealer's 14th is w[52]
    const order = [...w.slice(13 * east, 13 * east + 13), w[52]];
    for (let j = 1; j < 4; j++) {
      const d = (east - j + 4) % 4;
      order.push(...w.slice(13 * d, 13 * d + 13));
    }
    order.push(...w.slice(53));
    deals.push({ seed: text, dealer: east, direction: direction(config, text), wall: order.map(nameOf) });
  }
  return { deals };
}

function answer(request) {
  const seed = Number(request.seed);
  const hands = Number(request.hands);
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(hands) || hands < 0)
    return { error: 'seed and hands must be integers, hands at least 0' };
  const config = request.config ?? {};
  if (request.cmd === 'play') return play(seed, hands, config);
  if (request.cmd === 'deal') return deal(seed, hands, config);
  return { error: `unknown command ${JSON.stringify(request.cmd)}` };
}

process.stdout.write(JSON.stringify({ engine: 'dcmshi', node: process.version, defaults: E.DEFAULT_CONFIG }) + '\n');
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  let reply;
  try {
    reply = answer(JSON.parse(line));
  } catch (err) {
    reply = { error: err instanceof Error ? err.message : String(err) };
  }
  process.stdout.write(JSON.stringify(reply) + '\n');
}
