extension ReportPage {
    /// The part of the report's script that shows what each action cancelled (the records'
    /// `cancellations`): `cancelled: …` on the action's row, and a "Cancelled" section in its
    /// details. Joined into ``script`` inside its scope, where `el`, `visible`, `S` and `data`
    /// are; every text is shown with `textContent`, through `el`.
    ///
    /// The columns (``ReportData``): record `i`'s cancellations are `cancelStart[i] ..<
    /// cancelStart[i + 1]`, each with `cancelKind` (0 `.cancel(id:)`, 1 in flight, 2 a child),
    /// `cancelTarget` (a string) and `cancelEffects` (how many effects ended);
    /// `cancelTruncated` lists the records that cancelled more than they recorded.
    static let cancellationScript = #"""
          // ---- Cancellations ---------------------------------------------------------------------
          const cancelTruncated = new Set(data.cancelTruncated);
          const cancelCount = (i) => data.cancelStart[i + 1] - data.cancelStart[i];
          const cancellationText = (c) => {
            const target = visible(S[data.cancelTarget[c]]);
            const count = data.cancelEffects[c];
            const ended = count === 1 ? '1 effect ended' : count + ' effects ended';
            switch (data.cancelKind[c]) {
              case 0: return 'cancel(id: ' + target + '): ' + ended;
              case 1: return 'in flight under ' + target + ': ' + ended;
              default: return target + ' removed: ' + ended;
            }
          };
          // The row's note: the first cancellation's target, and how many more; none is '' (the
          // row appends it, and `append(null)` would show the text "null").
          const cancellationNote = (i) => {
            const count = cancelCount(i);
            if (count === 0) return '';
            const first = data.cancelStart[i];
            const texts = [];
            for (let c = first; c < data.cancelStart[i + 1]; c++) texts.push(cancellationText(c));
            const short = oneLine(S[data.cancelTarget[first]]) +
              (count > 1 || cancelTruncated.has(i) ? ' +' + (count - 1) + (cancelTruncated.has(i) ? '…' : '') : '');
            return el('span', { class: 'cancelled', title: texts.join('\n') }, 'cancelled: ' + short);
          };
          // The details' section.
          const cancellationDetails = (i) => {
            const count = cancelCount(i);
            if (count === 0) return [];
            const items = el('ul', { class: 'plain', id: 'detail-cancellations' });
            for (let c = data.cancelStart[i]; c < data.cancelStart[i + 1]; c++) {
              items.append(el('li', { class: 'mono' }, 'cancelled: ' + cancellationText(c)));
            }
            const parts = [el('h3', {}, 'Cancelled'), items];
            if (cancelTruncated.has(i)) {
              parts.push(el('p', { class: 'note' }, 'The action cancelled more than was recorded.'));
            }
            return parts;
          };
          // A live record's cancellations, appended to the columns.
          const appendCancellations = (i, event, intern) => {
            for (const [kindNumber, target, effects] of event.cancellations || []) {
              data.cancelKind.push(kindNumber);
              data.cancelTarget.push(intern(target));
              data.cancelEffects.push(effects);
            }
            data.cancelStart.push(data.cancelKind.length);
            if (event.cancellationsTruncated) cancelTruncated.add(i);
          };
          const cancellationHaystack = (i, parts) => {
            for (let c = data.cancelStart[i]; c < data.cancelStart[i + 1]; c++) parts.push(S[data.cancelTarget[c]]);
          };

        """#
}
