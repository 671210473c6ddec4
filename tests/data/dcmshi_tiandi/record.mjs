// Record hands of dcmshi/sichuan-mahjong (MIT) holding a 天胡 (heavenly) or 地胡 (earthly) win,
// for tests/dcmshi_replay.py (issue 26).
// usage: node record.mjs PREFIX N > hands.jsonl   (seeds PREFIX-0 .. PREFIX-(N-1))
// The engine and the bots are those ../dcmshi/README.md names, found as ../dcmshi_options/record.mjs
// finds them (ENGINE / BOTS, else ../shared/sichuan/dcmshi/ beside the checkout). The lines have
// the format of ../dcmshi/README.md ("The 2,000 hands"); what differs:
// - the wall is stacked: createGame(seed) is called as usual (its dealer from the seed's seating
//   throw), then its wall and hands are replaced by a wall built here, dealt as createGame deals
//   (seat i holds wall[13i .. 13i+12], the dealer also wall[52], draws from wall[53]). `wall` is
//   that wall, so the seed does not deal it (dcmshi_replay.py --stacked);
// - hand g has a target seat and a plan (plan g): "tian" the dealer's dealt hand wins, "tian_kong"
//   he makes a concealed kong and the replacement completes his hand, "di" a non-dealer's first
//   draw completes its hand, "di_kong" a non-dealer draws, makes a concealed kong and wins on the
//   replacement (杠上花); the winning hand is standard, all pungs, 七对 or 龙七对 (four of a kind
//   as two pairs), of two suits or one, and never holds the third suit;
// - the options are drawn per hand: 换三张 (enableHuanSanZhang, direction random / cw / ccw),
//   fanCap 4, voidDiscardRule lenient, enableFlowerPig, enableRobbingKong false,
//   enableHeavenlyEarthly false, each from the hand's generator;
// - the recorder chooses the target seat's moves until it has won: with the swap it passes three
//   tiles of the suit it will void and receives the three its hand lacks (the giving seat's swap
//   is chosen too); it declares that suit holding none; every seat passes in every claim window
//   before the target's first turn (a claim would end 地胡); it makes the kong of its plan and then
//   wins: `heavenly` in the dealer's first turn, else `declareHuOnDraw` (also where dcmshi lists no
//   win, with enableHeavenlyEarthly false: applyAction accepts it, SICHUAN.md point 3; the library
//   lists it). Every other move is a bot's or a random seat's, as in ../dcmshi_options/;
// - a hand whose target did not win as planned (another seat's kong took the replacement first)
//   is dealt again from the next attempt of the generator: every line holds its target's win.
const shared = new URL('../../../../shared/sichuan/dcmshi/', import.meta.url);
const E = await import(process.env.ENGINE ?? new URL('engine/index.js', shared).href);
const B = await import(process.env.BOTS ?? new URL('bots/bot.js', shared).href);

const PLAYERS = [0, 1, 2, 3].map(i => ({ name: `P${i}`, isBot: true }));
const SUIT = { man: 'm', pin: 'p', sou: 's' };
const SUITS = ['man', 'pin', 'sou'];
const idName = id => `${Math.floor(id / 4) % 9 + 1}${'mps'[Math.floor(id / 36)]}`;
const kindOf = id => Math.floor(id / 4);

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

function generator(seed) {  // mulberry32
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (list, rnd) => list[Math.floor(rnd() * list.length)];
function shuffle(list, rnd) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

// ---------------------------------------------------------------- the winning hand

// Kinds (suit·9 + rank − 1) of `sets` sets and a pair in `suits`, `shape` standard / pungs, or
// 七对 / 龙七对 (sets ignored); null when the draw exceeds four of a kind (the caller redraws).
function winningKinds(shape, suits, sets, rnd) {
  const count = new Array(27).fill(0);
  const out = [];
  const put = k => { count[k]++; out.push(k); return count[k] <= 4; };
  const kind = () => pick(suits, rnd) * 9 + Math.floor(rnd() * 9);
  if (shape === 'qidui' || shape === 'longqidui') {
    const kinds = new Set();
    while (kinds.size < (shape === 'qidui' ? 7 : 6)) kinds.add(kind());
    const list = [...kinds];
    if (shape === 'longqidui') list.push(list[0]);
    for (const k of list) { put(k); put(k); }
    return out;
  }
  for (let s = 0; s < sets; s++) {
    const pung = shape === 'pungs' || rnd() < 0.3;
    if (pung) {
      const k = kind();
      for (let i = 0; i < 3; i++) if (!put(k)) return null;
    } else {
      const suit = pick(suits, rnd);
      const start = suit * 9 + Math.floor(rnd() * 7);
      for (let i = 0; i < 3; i++) if (!put(start + i)) return null;
    }
  }
  const k = kind();
  if (!put(k) || !put(k)) return null;
  return out;
}

// The stacked deal of one plan: the target's tiles, the wall, the swap it makes.
function stack(plan, dealer, swapDir, rnd) {
  const { target, kind, shape } = plan;
  const voidSuit = Math.floor(rnd() * 3);
  const others = [0, 1, 2].filter(s => s !== voidSuit);
  const suits = rnd() < 0.2 ? [pick(others, rnd)] : others;
  const kong = kind === 'kong';
  for (let tries = 0; tries < 1000; tries++) {
    const kongKind = kong ? pick(suits, rnd) * 9 + Math.floor(rnd() * 9) : null;
    const kinds = winningKinds(kong ? 'standard' : shape, suits, kong ? 3 : 4, rnd);
    if (kinds === null) continue;
    if (kong && kinds.filter(k => k === kongKind).length > 0) continue;
    // ids: the copies of each kind, taken in a shuffled order
    const copies = Array.from({ length: 27 }, (_, k) => shuffle([0, 1, 2, 3].map(c => k * 4 + c), rnd));
    const take = k => copies[k].pop();
    const hand = kinds.map(take);              // the completed hand (the last tile of the win too)
    const quad = kong ? [0, 1, 2, 3].map(() => take(kongKind)) : [];
    shuffle(hand, rnd);
    // what completes it: the dealt 14 (tian), the first draw (di), the replacement (kongs)
    let draw = null, replacement = null;
    if (kong) replacement = hand.pop();
    if (target === 'di' || target === 'di_kong') draw = hand.pop();
    // the held tiles before the swap
    let held = [...quad, ...hand];
    let give = null, receive = null;
    if (swapDir !== null) {
      const bySuit = SUITS.map((_, s) => held.filter(t => Math.floor(kindOf(t) / 9) === s && !quad.includes(t)));
      const from = bySuit.map((l, s) => [l.length, s]).filter(([n]) => n >= 3);
      if (!from.length) continue;
      const [, suit] = pick(from, rnd);
      receive = shuffle([...bySuit[suit]], rnd).slice(0, 3);
      const voids = [];
      for (let k = voidSuit * 9; k < voidSuit * 9 + 9; k++) voids.push(...copies[k]);
      give = shuffle(voids, rnd).slice(0, 3);
      for (const t of give) copies[kindOf(t)].splice(copies[kindOf(t)].indexOf(t), 1);
      held = [...held.filter(t => !receive.includes(t)), ...give];
    }
    return { held, draw, replacement, give, receive, voidSuit, copies, kongKind };
  }
  throw new Error('no hand');
}

function buildWall(plan, dealer, swapDir, rnd) {
  const made = stack(plan, dealer, swapDir, rnd);
  const rest = shuffle(made.copies.flat(), rnd);
  const seat = plan.target === 'tian' || plan.target === 'tian_kong' ? dealer : plan.seat;
  // dcmshi seat (dealer − k) plays k-th after the dealer; the target draws first after k − 1 others
  const k = (dealer - seat + 4) % 4;
  const wall = new Array(108).fill(null);
  const held = shuffle([...made.held], rnd);
  const block = seat * 13;
  if (seat === dealer) {
    // the dealer's 13 at his block, his 14th at wall[52]
    for (let i = 0; i < 13; i++) wall[block + i] = held[i];
    wall[52] = held[13];
  } else {
    for (let i = 0; i < 13; i++) wall[block + i] = held[i];
  }
  if (made.draw !== null) wall[53 + (k === 0 ? 0 : k - 1)] = made.draw;
  if (made.replacement !== null) wall[107] = made.replacement;
  // the giving seat must hold the three the target receives
  let giver = null;
  if (made.receive) {
    const step = swapDir === 'cw' ? 1 : 3;  // dcmshi: seat i gives to (i + step) mod 4
    giver = (seat - step + 4) % 4;
    for (let i = 0; i < 3; i++) wall[giver * 13 + i] = made.receive[i];
  }
  for (let i = 0; i < 108; i++) if (wall[i] === null) wall[i] = rest.pop();
  if (rest.length || new Set(wall).size !== 108) throw new Error('bad wall');
  const { give, receive, voidSuit, kongKind } = made;
  return { wall, seat, giver, give, receive, voidSuit, kongKind };
}

// ---------------------------------------------------------------- playing it

function chooseClaim(state, levels, rnd, quiet) {
  const window = state.pendingClaims;
  for (let seat = 0; seat < 4; seat++) {
    if (seat === window.from || window.passed[seat] || window.claims[seat] !== null) continue;
    if (state.players[seat].status === 'hu') continue;
    if (quiet) return { t: 'pass', seat };  // before the target's first turn: nobody claims
    if (rnd() < 0.3) continue;
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

function targetTurn(state, deal, plan) {
  const seat = deal.seat;
  const player = state.players[seat];
  if (plan.kind === 'kong' && !player.melds.length) {
    const name = idName(deal.kongKind * 4);
    const kong = E.computeLegalActions(state, seat).find(a => a.t === 'declareKongOnTurn' && a.subtype === 'concealed' && `${a.tile.rank}${SUIT[a.tile.suit]}` === name);
    return kong ?? null;
  }
  const legal = E.computeLegalActions(state, seat);
  const heavenly = legal.find(a => a.t === 'declareHeavenly');
  return heavenly ?? { t: 'declareHuOnDraw', seat };
}

function choose(state, levels, rnd, deal, plan) {
  const target = deal.seat;
  const pending = state.players[target].status !== 'hu';
  if (state.phase === 'huan') {
    for (let seat = 0; seat < 4; seat++) {
      if (state.pendingHuan[seat] !== null) continue;
      if (seat === target) return { t: 'huanSelect', seat, tiles: deal.give };
      if (seat === deal.giver) return { t: 'huanSelect', seat, tiles: deal.receive };
      return B.botHuanAction(state, seat);
    }
  } else if (state.phase === 'voidDeclare') {
    for (let seat = 0; seat < 4; seat++) {
      if (state.pendingVoid[seat] !== null) continue;
      if (seat === target) return { t: 'declareVoid', seat, suit: SUITS[deal.voidSuit], firstDiscard: null };
      return (BOTS[levels[seat]] ?? BOTS.easy).void(state, seat);
    }
  } else if (state.pendingClaims) {
    return chooseClaim(state, levels, rnd, pending && !state.firstTurnDone[target]);
  } else if (state.turnDrawNeeded) return { t: 'draw', seat: state.turn };
  else if (pending && state.turn === target && !state.firstTurnDone[target]) {
    return targetTurn(state, deal, plan);
  } else if (levels[state.turn] === 'random') return pick(E.computeLegalActions(state, state.turn), rnd);
  else return BOTS[levels[state.turn]].turn(state, state.turn);
  return null;
}

function play(seed, config, levels, rnd, plan) {
  let state = E.createGame(seed, PLAYERS, config, null, 0);
  const dealer = state.dealer;
  if (plan.target === 'di' || plan.target === 'di_kong') plan.seat = (dealer + 4 - plan.k) % 4;
  let swapDir = null;
  if (config.enableHuanSanZhang) {
    swapDir = config.huanDirection ?? 'random';
    if (swapDir === 'random') {  // dcmshi's applyHuanRotation
      let h = 0;
      for (let i = 0; i < seed.length; i++) h = (h * 31 + seed.charCodeAt(i)) | 0;
      swapDir = h & 1 ? 'cw' : 'ccw';
    }
  }
  const deal = buildWall(plan, dealer, swapDir, rnd);
  state.wall = deal.wall;
  for (let i = 0; i < 4; i++) state.players[i].hand = [...deal.wall.slice(13 * i, 13 * i + 13)].sort((a, b) => a - b);
  state.players[dealer].hand = [...state.players[dealer].hand, deal.wall[52]].sort((a, b) => a - b);
  const record = { seed, config, levels, dealer, wall: [...state.wall], steps: [] };
  for (let n = 0; state.phase !== 'roundEnd'; n++) {
    if (n > 5000) throw new Error(`stuck ${seed}`);
    const legal = {};
    if (state.phase === 'play') {
      for (let seat = 0; seat < 4; seat++) {
        const codes = E.computeLegalActions(state, seat).map(code);
        if (codes.length) legal[seat] = [...new Set(codes)].sort();
      }
    }
    const action = choose(state, levels, rnd, deal, plan);
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
  const hu = state.players[deal.seat].hu;
  const wanted = {
    tian: config.enableHeavenlyEarthly === false ? 'normal' : 'heavenly',
    tian_kong: config.enableHeavenlyEarthly === false ? 'winAfterKong' : 'heavenly',
    di: config.enableHeavenlyEarthly === false ? 'normal' : 'earthly',
    di_kong: 'winAfterKong',
  }[plan.target];
  if (!hu || hu.subtype !== wanted || hu.byDiscard) return null;
  return record;
}

const TARGETS = ['tian', 'di', 'tian', 'di', 'tian_kong', 'di_kong'];
const SHAPES = ['standard', 'qidui', 'longqidui', 'pungs'];

function configOf(rnd) {
  const config = {};
  if (rnd() < 0.5) {
    config.enableHuanSanZhang = true;
    config.huanDirection = pick(['random', 'cw', 'ccw'], rnd);
  }
  if (rnd() < 0.3) config.fanCap = 4;
  if (rnd() < 0.3) config.voidDiscardRule = 'lenient';
  if (rnd() < 0.25) config.enableFlowerPig = true;
  if (rnd() < 0.2) config.enableRobbingKong = false;
  if (rnd() < 0.2) config.enableHeavenlyEarthly = false;
  return config;
}

const [prefix = 'tiandi', count = '10'] = process.argv.slice(2);
for (let g = 0; g < Number(count); g++) {
  let record = null;
  for (let attempt = 0; record === null; attempt++) {
    if (attempt > 50) throw new Error(`no hand for ${prefix}-${g}`);
    const rnd = generator(g * 7907 + attempt * 104729 + 11);
    const levels = [0, 1, 2, 3].map(() => pick(['hard', 'medium', 'easy', 'random'], rnd));
    const config = configOf(rnd);
    const target = TARGETS[g % TARGETS.length];
    const plan = {
      target,
      kind: target.endsWith('_kong') ? 'kong' : 'dealt',
      shape: SHAPES[Math.floor(g / TARGETS.length) % SHAPES.length],
      k: 1 + (Math.floor(g / 2) % 3),  // 地胡: the k-th seat after the dealer
    };
    try {
      record = play(`${prefix}-${g}`, config, levels, rnd, plan);
    } catch (error) {
      if (String(error).includes('bad wall')) throw error;
      process.stderr.write(`${prefix}-${g} attempt ${attempt}: ${error}\n`);
      record = null;
    }
  }
  process.stdout.write(`${JSON.stringify(record)}\n`);
}
