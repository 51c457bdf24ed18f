// The fair deal checked in the page (docs/records.md, "The fair deal"): the commitment is the
// SHA-256, in lowercase hex, of the text `cherries-deal-v1:SEED:SALT` (SEED in decimal). At the end
// the seed and salt are revealed, and the page hashes them itself with Web Crypto
// (crypto.subtle.digest) and compares: the deal was fixed before the first card, or it was not.
import { el } from './dom.js';

/**
 * 'verified' (the reveal hashes to the commitment), 'mismatch' (it does not: a loud warning), or
 * 'unavailable' (this browser has no Web Crypto here: a page not on https or localhost).
 */
export async function checkDeal(commitment, seed, salt) {
    const subtle = globalThis.crypto && globalThis.crypto.subtle;
    if (!subtle) return 'unavailable';
    const text = `cherries-deal-v1:${String(seed)}:${String(salt)}`;
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
    return hex === String(commitment).toLowerCase() ? 'verified' : 'mismatch';
}

/** The commitment, short, for the line pinned beside the table: its first 16 hex digits. */
export function shortCommitment(commitment) {
    return `${String(commitment).slice(0, 16)}…`;
}

/** The page's verdict on a revealed deal, as an element (`data-test` deal-verified or deal-warning);
 * the record's link is beside it (the result's "Download the record"). */
export function verdictElement(verdict, deal) {
    if (verdict === 'verified')
        return el('p', { class: 'deal-verdict verified', 'data-test': 'deal-verified' },
            '✔ The deal was fixed before the first card: verified. ',
            el('span', { class: 'hint' }, `This page hashed the revealed seed ${deal.seed} and salt ${deal.salt} (SHA-256) and got the commitment ${shortCommitment(deal.commitment)} shown from the first turn.`));
    if (verdict === 'mismatch')
        return el('p', { class: 'deal-verdict error', 'data-test': 'deal-warning', role: 'alert' },
            'WARNING: the revealed deal does NOT match the commitment shown before the first card. ',
            `The seed ${deal.seed} and salt ${deal.salt} do not hash to ${deal.commitment}: the deal may have been changed during the game. Keep the record (download it below) and check it with cherries replay.`);
    if (verdict === 'unavailable')
        return el('p', { class: 'deal-verdict hint', 'data-test': 'deal-unchecked' },
            'This browser cannot hash the deal on this page (Web Crypto needs https); `cherries replay` checks the record.');
    return null;
}
