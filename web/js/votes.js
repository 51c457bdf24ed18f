// A correspondence table's votes (docs/web.md, "Correspondence tables"), loaded only by a page
// whose table has them (its state's `pause` or `out_of_time`): the other tables' pages stay light.
import { el } from './dom.js';
import { playerById } from './view.js';

// What takes the others' word at a correspondence table (docs/web.md): a person out of time
// whose card waits for their choice, and a pause every person seated must agree to. The
// sentences and counts are the server's state; the buttons send out_of_time, pause, resume.
export function votesBox(table, mine) {
    const late = table.out_of_time;
    const pause = table.pause;
    if (!late && !pause) return null;
    const name = (id) => playerById(table, id).name;
    const others = [...mine.keys()].filter((id) => !late || id !== late.player);
    const parts = [];
    if (late) {
        const what = late.rule === 'stand_in' ? `hand ${name(late.player)}’s seat to the stand-in bot` : `skip ${name(late.player)}’s turn`;
        parts.push(el('span', { 'data-test': 'out-of-time' }, `${name(late.player)} is out of time: the card waits until ${late.needed} of the others choose to ${what} (${late.yes.length} so far). `));
        if (others.some((id) => !late.yes.includes(id)))
            parts.push(el('button', { type: 'button', 'data-action': 'out_of_time', 'data-test': 'out-of-time-choose' }, what[0].toUpperCase() + what.slice(1)));
    }
    if (pause && mine.size > 0 && table.started) {
        if (pause.held) parts.push(' The table is paused by everyone’s word. ', el('button', { type: 'button', 'data-action': 'resume', 'data-test': 'resume' }, 'Resume'));
        else if (pause.asked.length > 0) parts.push(` Asked to pause: ${pause.asked.map(name).join(', ')}. `,
            el('button', { type: 'button', 'data-action': [...mine.keys()].every((id) => pause.asked.includes(id)) ? 'resume' : 'pause', 'data-test': 'pause' },
                [...mine.keys()].every((id) => pause.asked.includes(id)) ? 'Take back' : 'Agree to pause'));
        else parts.push(' ', el('button', { type: 'button', 'data-action': 'pause', 'data-test': 'pause' }, 'Ask to pause the table'));
    }
    return parts.length ? el('p', { class: 'votes', 'data-test': 'votes' }, ...parts) : null;
}


// The buttons above: `out_of_time` by one of my seats that has not chosen yet; `pause` by each of
// my seats that has not asked; `resume` by one (it ends the pause, or takes back a wish).
export function voteAction(action, table, mine, send) {
    if (action === 'out_of_time') {
        const late = table.out_of_time;
        const own = late && [...mine].find(([id]) => id !== late.player && !late.yes.includes(id));
        if (own) send({ type: 'out_of_time', token: own[1].token, turn: late.turn });
    } else if (action === 'pause') {
        for (const [id, own] of mine)
            if (!(table.pause.asked || []).includes(id)) send({ type: 'pause', token: own.token });
    } else if (action === 'resume') {
        const own = [...mine][0];
        if (own) send({ type: 'resume', token: own[1].token });
    }
}
