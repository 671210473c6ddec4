// Play library-built Sichuan positions in dcmshi/sichuan-mahjong's engine (tests/dcmshi_positions.py).
// One JSON job a line on stdin: {wall: 108 tile names in the library's DEAL-1 order (dealer 0),
// voids: [[suit letter, set-aside tile name or null] by library seat], config: dcmshi options,
// actions: [[library seat, code, tile]]} with code D (discard), P, G (直杠), A (暗杠), B (补杠), H, X.
// One JSON answer a line: {ok, phase, ledger, legals, notes} (seats in library numbering), or
// {ok: false, step, legal} where dcmshi lists no such action, or {ok: false, error}.
import { createInterface } from 'node:readline';
const root = process.env.SICHUAN_ENGINE ?? new URL('../../shared/sichuan/dcmshi/engine/index.js', import.meta.url).href;
const E = await import(root);
const P = [0, 1, 2, 3].map(i => ({ name: 'P' + i, isBot: true }));
const SUIT = { m: 'man', p: 'pin', s: 'sou' };
const kindOf = n => 'mps'.indexOf(n[1]) * 9 + Number(n[0]) - 1;
const name = id => { const ty = Math.floor(id / 4); return `${ty % 9 + 1}${'mps'[Math.floor(ty / 9)]}`; };
const tname = t => `${t.rank}${{ man: 'm', pin: 'p', sou: 's' }[t.suit]}`;
const dSeat = k => (4 - k) % 4;  // library seat k = dcmshi seat (E - k) mod 4, E = 0
const lSeat = d => (4 - d) % 4;

// The library's wall is dcmshi's w[0..12] + w[52] + the blocks of dcmshi seats 3, 2, 1 + w[53..]
// (SICHUAN.md, "One wall for both engines"); copies of a kind get ids in order.
function dcmshiWall(names) {
  const seen = {};
  const ids = names.map(n => { const k = kindOf(n); seen[k] = (seen[k] ?? 0) + 1; return k * 4 + seen[k] - 1; });
  const w = new Array(108);
  for (let i = 0; i < 13; i++) { w[i] = ids[i]; w[39 + i] = ids[14 + i]; w[26 + i] = ids[27 + i]; w[13 + i] = ids[40 + i]; }
  w[52] = ids[13];
  for (let i = 53; i < 108; i++) w[i] = ids[i];
  return w;
}

function code(a, s, d) {
  switch (a.t) {
    case 'discard': return 'D' + name(a.tile);
    case 'flipFirstDiscard': return 'D' + name(s.players[d].pendingFirstDiscard);
    case 'claim': return { hu: 'H', kong: 'G', pung: 'P' }[a.claim.kind];
    case 'pass': return 'X';
    case 'declareKongOnTurn': return (a.subtype === 'concealed' ? 'A' : 'B') + tname(a.tile);
    case 'declareHuOnDraw': case 'declareHeavenly': return 'H';
  }
  return a.t;
}

// dcmshi's legal list with SICHUAN.md's two filters (point 3): no win listed in a turn entered by
// a peng (applyAction refuses it), and, with enableHeavenlyEarthly off, the dealer's first-turn
// win that applyAction accepts although the list leaves it out.
function legalCodes(s, d) {
  const list = E.computeLegalActions(s, d);
  let codes = list.map(a => code(a, s, d));
  const own = s.pendingClaims === null && s.turn === d;
  if (own && E.turnEnteredByPung(s)) codes = codes.filter(c => c !== 'H');
  const p = s.players[d];
  const dealerFirst = own && d === s.dealer && !s.firstTurnDone[d];
  if (dealerFirst && !s.config.enableHeavenlyEarthly && E.isWinningHand(p.hand, p.melds, p.voidedSuit) !== null) codes.push('H');
  return { list, codes: [...new Set(codes)].sort() };
}

function run(job) {
  let s = E.createGame('position', P, job.config, 0, 0);
  const w = dcmshiWall(job.wall);
  s.wall = w;
  for (let d = 0; d < 4; d++) s.players[d].hand = w.slice(13 * d, 13 * d + 13).sort((a, b) => a - b);
  s.players[0].hand = [...s.players[0].hand, w[52]].sort((a, b) => a - b);
  const notes = [], legals = [];
  const apply = a => { const r = E.applyAction(s, a, 0); if (!r.ok) throw new Error(`refused ${JSON.stringify(a)}: ${r.reason}`); s = r.state; };
  job.voids.forEach(([suit, aside], k) => {
    const d = dSeat(k);
    const first = aside === null ? null : s.players[d].hand.find(id => name(id) === aside);
    apply({ t: 'declareVoid', seat: d, suit: SUIT[suit], firstDiscard: first });
  });
  const drawUp = () => { while (s.phase === 'play' && s.pendingClaims === null && s.turnDrawNeeded) apply({ t: 'draw', seat: s.turn }); };
  for (const [n, [k, c, tile]] of job.actions.entries()) {
    drawUp();
    const d = dSeat(k);
    if (s.pendingClaims !== null && !'PGHX'.includes(c)) { notes.push(`step ${n + 1}: a window still open, expired`); apply({ t: 'claimWindowExpire' }); drawUp(); }
    const { list, codes } = legalCodes(s, d);
    legals.push(codes);
    const want = c + (['D', 'A', 'B'].includes(c) ? tile : '');
    const pick = list.find(a => code(a, s, d) === want);
    if (pick) apply(pick);
    else if (want === 'H' && codes.includes('H')) apply({ t: 'declareHuOnDraw', seat: d });
    else return { ok: false, step: n + 1, legal: codes, ledger: ledger(s) };
  }
  drawUp();
  return { ok: true, phase: s.phase, ledger: ledger(s), legals, notes };
}

const ledger = s => s.ledger.map(e => [lSeat(e.from), e.to === null ? 'pot' : lSeat(e.to), e.amount, e.reason]);
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  let out;
  try { out = run(JSON.parse(line)); } catch (err) { out = { ok: false, error: String(err) }; }
  console.log(JSON.stringify(out));
}
