// dcmshi's own createGame deal and 换三张 (its bot's choice, all four applied) for a few seeds, one
// JSON object a line: seed, pinned (the dealer passed, or null for the seating throw), dealer,
// wall, hands (by dcmshi seat, after the deal), swap (each seat's 3 ids), swapped (hands after),
// draws ([seat, id] of each draw, the easy bots playing on, until the first claim, kong or win).
// usage: DCMSHI=/work/shared/sichuan/dcmshi node deals.mjs | gzip -n -9 > deals.jsonl.gz
const E = await import((process.env.DCMSHI ?? '/work/shared/sichuan/dcmshi') + '/engine/index.js');
const B = await import((process.env.DCMSHI ?? '/work/shared/sichuan/dcmshi') + '/bots/bot.js');
const P = [0, 1, 2, 3].map(i => ({ name: 'P' + i, isBot: true }));
const seeds = ['', 'a', 'A', 'dcmshi-0', 'dcmshi-1', 'x:dice', '麻将', '血战到底', '🀄', 'a🀅b', '\u00e9t\u00e9',
  'lone \ud83c', 'hand-0', 'hand-7', 'seed with spaces', '0', '42', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'];
for (let i = 0; i < 23; i++) seeds.push('probe-' + i);
for (const [n, seed] of seeds.entries()) {
  for (const pinned of [null, n % 4]) {
    let s = E.createGame(seed, P, { enableHuanSanZhang: true }, pinned, 0);
    const rec = { seed, pinned, dealer: s.dealer, wall: [...s.wall], hands: s.players.map(p => [...p.hand]) };
    const chosen = [];
    for (let i = 0; i < 4; i++) { const a = B.botHuanAction(s, i); chosen.push([...a.tiles]); const r = E.applyAction(s, a, 0); if (!r.ok) throw new Error(r.reason); s = r.state; }
    rec.swap = chosen; rec.swapped = s.players.map(p => [...p.hand]);
    rec.draws = [];
    for (let n = 0; n < 400 && s.phase !== 'roundEnd'; n++) {
      let a;
      if (s.phase === 'voidDeclare') a = B.botVoidAction(s, s.pendingVoid.findIndex(v => v === null));
      else if (s.pendingClaims) {
        const w = s.pendingClaims;
        const asked = [0, 1, 2, 3].filter(i => i !== w.from && !w.passed[i] && w.claims[i] === null && s.players[i].status !== 'hu' && E.computeLegalActions(s, i).length);
        a = asked.length ? { t: 'pass', seat: asked[0] } : { t: 'claimWindowExpire' };
      } else if (s.turnDrawNeeded) a = { t: 'draw', seat: s.turn };
      else a = B.botTurnAction(s, s.turn);
      if (!['declareVoid', 'pass', 'claimWindowExpire', 'draw', 'discard', 'flipFirstDiscard'].includes(a.t)) break;
      const before = new Set(s.players[s.turn].hand);
      const r = E.applyAction(s, a, 0); if (!r.ok) throw new Error(seed + ' ' + r.reason); s = r.state;
      if (a.t === 'draw') rec.draws.push([a.seat, s.players[a.seat].hand.find(t => !before.has(t))]);
    }
    process.stdout.write(JSON.stringify(rec) + '\n');
  }
}
