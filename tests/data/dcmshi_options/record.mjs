// Record hands of dcmshi/sichuan-mahjong (MIT) at options the 2,000 hands of ../dcmshi/ do not
// use, and with claim windows left to expire, for tests/dcmshi_replay.py (issue 20).
// usage: node record.mjs PREFIX N > hands.jsonl   (seeds PREFIX-0 .. PREFIX-(N-1))
// The engine and the bots are those ../dcmshi/README.md names (dcmshi's packages/engine and its
// server's bots, built by its own tsc), found as corpus.mjs finds them: ENGINE / BOTS, else the
// folder ../shared/sichuan/dcmshi/ beside the checkout. The lines have the format of
// ../dcmshi/README.md ("The 2,000 hands"); only the options and the claim answers differ:
//   hand g swaps three (enableHuanSanZhang) when g is odd, in the direction
//   ['random', 'cw', 'ccw'][floor(g / 2) mod 3]; enableRobbingKong false when g mod 4 = 2;
//   fanCap 4 when g mod 5 = 3; enableHeavenlyEarthly false when g mod 6 = 5; enableFlowerPig
//   when g mod 7 = 5; voidDiscardRule "lenient" when g mod 3 = 2;
//   in a claim window each seat still to answer is skipped with chance 0.3, and a window where
//   every asked seat was skipped is closed by claimWindowExpire (a pass of all of them).
const shared = new URL('../../../../shared/sichuan/dcmshi/', import.meta.url);
const E = await import(process.env.ENGINE ?? new URL('engine/index.js', shared).href);
const B = await import(process.env.BOTS ?? new URL('bots/bot.js', shared).href);

const PLAYERS = [0, 1, 2, 3].map(i => ({ name: `P${i}`, isBot: true }));
const SUIT = { man: 'm', pin: 'p', sou: 's' };
const idName = id => `${Math.floor(id / 4) % 9 + 1}${'mps'[Math.floor(id / 36)]}`;

// The short legal codes of ../dcmshi/README.md.
function code(action) {
  if (action.t === 'discard') return `discard ${idName(action.tile)}`;
  if (action.t === 'claim') return action.claim.kind;
  if (action.t === 'declareKongOnTurn') return `kong ${action.tile.rank}${SUIT[action.tile.suit]} ${action.subtype}`;
  if (action.t === 'declareHuOnDraw') return 'hu_draw';
  if (action.t === 'declareHeavenly') return 'heavenly';
  if (action.t === 'flipFirstDiscard') return 'flip';
  return action.t;
}

const BOTS = {
  easy: { turn: B.botTurnAction, claim: B.botClaimAction, void: B.botVoidAction },
  medium: { turn: B.botTurnActionMedium, claim: B.botClaimActionMedium, void: B.botVoidAction },
  hard: { turn: B.botTurnActionHard, claim: B.botClaimActionHard, void: B.botVoidActionHard ?? B.botVoidAction },
};

// A small seeded generator (mulberry32) for the bots' levels, the random seats and the skips.
function generator(seed) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (list, rnd) => list[Math.floor(rnd() * list.length)];

function chooseClaim(state, levels, rnd) {
  const window = state.pendingClaims;
  for (let seat = 0; seat < 4; seat++) {
    if (seat === window.from || window.passed[seat] || window.claims[seat] !== null) continue;
    if (state.players[seat].status === 'hu') continue;
    if (rnd() < 0.3) continue;  // this seat lets the window run out
    let action;
    if (levels[seat] === 'random') {
      const legal = E.computeLegalActions(state, seat);
      if (!legal.length) continue;
      action = pick(legal, rnd);
    } else action = BOTS[levels[seat]].claim(state, seat);
    if (action) return action;
  }
  return { t: 'claimWindowExpire' };
}

function choose(state, levels, rnd) {
  if (state.phase === 'huan') {
    for (let seat = 0; seat < 4; seat++) if (state.pendingHuan[seat] === null) return B.botHuanAction(state, seat);
  } else if (state.phase === 'voidDeclare') {
    for (let seat = 0; seat < 4; seat++) if (state.pendingVoid[seat] === null) return (BOTS[levels[seat]] ?? BOTS.easy).void(state, seat);
  } else if (state.pendingClaims) return chooseClaim(state, levels, rnd);
  else if (state.turnDrawNeeded) return { t: 'draw', seat: state.turn };
  else if (levels[state.turn] === 'random') return pick(E.computeLegalActions(state, state.turn), rnd);
  else return BOTS[levels[state.turn]].turn(state, state.turn);
  return null;
}

function play(seed, config, levels, rnd) {
  let state = E.createGame(seed, PLAYERS, config, null, 0);
  const record = { seed, config, levels, dealer: state.dealer, wall: [...state.wall], steps: [] };
  for (let n = 0; state.phase !== 'roundEnd'; n++) {
    if (n > 5000) throw new Error(`stuck ${seed}`);
    const legal = {};
    if (state.phase === 'play') {
      for (let seat = 0; seat < 4; seat++) {
        const codes = E.computeLegalActions(state, seat).map(code);
        if (codes.length) legal[seat] = [...new Set(codes)].sort();
      }
    }
    const action = choose(state, levels, rnd);
    if (!action) throw new Error(`no action ${seed}`);
    const paidBefore = state.ledger.length;
    const applied = E.applyAction(state, action, 0);
    if (!applied.ok) throw new Error(`${seed} ${JSON.stringify(action)} ${applied.reason}`);
    state = applied.state;
    const step = { legal, action };
    if (state.ledger.length > paidBefore) step.paid = state.ledger.slice(paidBefore);
    record.steps.push(step);
  }
  record.end = {
    scoreDelta: state.scoreDelta ?? state.players.map(p => p.score),
    penaltyPot: state.penaltyPot,
    huOrder: state.huOrder,
    nextDealer: state.nextDealer,
    ledger: state.ledger,
    players: state.players.map(p => ({ status: p.status, voidedSuit: p.voidedSuit, isReady: p.isReady, hu: p.hu ?? null })),
  };
  return record;
}

function configOf(g) {
  const config = {};
  if (g % 2) {
    config.enableHuanSanZhang = true;
    config.huanDirection = ['random', 'cw', 'ccw'][Math.floor(g / 2) % 3];
  }
  if (g % 4 === 2) config.enableRobbingKong = false;
  if (g % 5 === 3) config.fanCap = 4;
  if (g % 6 === 5) config.enableHeavenlyEarthly = false;
  if (g % 7 === 5) config.enableFlowerPig = true;
  if (g % 3 === 2) config.voidDiscardRule = 'lenient';
  return config;
}

const [prefix = 'options', count = '10'] = process.argv.slice(2);
for (let g = 0; g < Number(count); g++) {
  const rnd = generator(g * 104729 + 7);
  const levels = [0, 1, 2, 3].map(() => pick(['hard', 'medium', 'easy', 'random'], rnd));
  let record;
  try {
    record = play(`${prefix}-${g}`, configOf(g), levels, rnd);
  } catch (error) {
    process.stderr.write(`${error}\n`);  // dcmshi refused its own bot's move: the hand is left out
    continue;
  }
  process.stdout.write(`${JSON.stringify(record)}\n`);
}
