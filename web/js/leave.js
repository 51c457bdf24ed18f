// The leave dialog, loaded when a Leave is clicked (web/js/table.js).
// Leave asks first (a click cannot end someone's game by accident): what happens to the seat,
// under this table's house rules, in the server's words (the player's `leave` in the state);
// Cancel changes nothing and gives focus back.
export function askToLeave(player, own, button, send) {
    const dialog = document.getElementById('leave-dialog');
    document.getElementById('leave-dialog-text').textContent = player.leave || `${player.name} leaves the table.`;
    dialog.returnValue = '';
    dialog.onclose = () => {
        if (dialog.returnValue === 'leave') send({ type: 'leave', token: own.token });
        else if (button.isConnected) button.focus();
    };
    dialog.showModal();
}
