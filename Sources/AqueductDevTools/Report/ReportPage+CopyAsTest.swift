extension ReportPage {
    /// The page's one script: the report's (``mainScript``), then "Copy as test".
    static let script = mainScript + copyAsTestScript

    /// "Copy as test": a button in the header that turns the selected record — or the range
    /// from the record selected before to the one shift-clicked — into the command that writes
    /// a regression test of it, `AqueductDevTools test RECORDING --from A --to B`, copies it to
    /// the clipboard where the browser allows, and shows it selected in a text box otherwise.
    ///
    /// It reads only what the page shows: the rows' `data-seq`, the selection in the address's
    /// fragment (`seq=`, `session=`) and the recording's file name in the body's
    /// `data-recording-name`. The file name goes into the command in single quotes (a `'` in it
    /// as `'\''`), and into the text box as its value, never as markup; a session that is not
    /// digits is ignored (the fragment comes from a link). A report of a recording's end
    /// (`data-window`, `--last`) numbers its sessions from there: it offers no command.
    static let copyAsTestScript = #"""

        (() => {
          'use strict';
          const controls = document.querySelector('header .controls');
          const list = document.getElementById('list');
          if (!controls || !list) return;
          const button = document.createElement('button');
          button.type = 'button';
          button.id = 'copy-as-test';
          button.textContent = 'Copy as test';
          button.title = 'Copy the command that makes a regression test of the selected record, ' +
            'or of the range to a shift-clicked one';
          controls.appendChild(button);
          const panel = document.createElement('div');
          panel.id = 'copy-as-test-panel';
          panel.hidden = true;
          panel.style.cssText = 'position:fixed;right:1em;top:4.5em;z-index:10;background:Canvas;color:CanvasText;' +
            'border:1px solid GrayText;padding:.5em;max-width:min(48em,90vw);box-shadow:0 2px 8px rgba(0,0,0,.3)';
          const note = document.createElement('p');
          note.id = 'copy-as-test-note';
          note.style.margin = '0 0 .4em';
          const text = document.createElement('textarea');
          text.id = 'copy-as-test-text';
          text.readOnly = true;
          text.rows = 3;
          text.spellcheck = false;
          text.style.cssText = 'width:min(46em,85vw);font-family:ui-monospace,monospace;font-size:12px';
          const close = document.createElement('button');
          close.type = 'button';
          close.textContent = 'Close';
          close.addEventListener('click', () => { panel.hidden = true; });
          panel.append(note, text, close);
          document.body.appendChild(panel);

          // The selection, from the fragment the report keeps up to date.
          const current = () => {
            const hash = new URLSearchParams(location.hash.slice(1));
            const seq = hash.get('seq');
            // The fragment is anyone's to write (a link): only digits reach the command.
            const session = hash.get('session');
            return seq === null || !/^[0-9]+$/.test(seq)
              ? null : { seq: seq, session: session !== null && /^[0-9]+$/.test(session) ? session : null };
          };
          // The range's first end: the record clicked (without shift) last, or, after the keys
          // moved the selection, the record selected when shift-click came.
          let anchor = null;
          let before = null;
          let range = null;
          const byNumber = (a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);
          list.addEventListener('mousedown', (event) => {
            if (event.shiftKey) event.preventDefault();  // no text selection
          });
          list.addEventListener('keydown', () => { anchor = null; });
          list.addEventListener('click', () => { before = current(); }, true);  // before the report selects
          list.addEventListener('click', (event) => {
            const row = event.target.closest('.row');
            if (!row || !row.hasAttribute('data-seq')) return;
            const selected = current();
            const start = anchor || before;
            if (event.shiftKey && start && selected && selected.session === start.session) {
              const ends = [start.seq, selected.seq].sort(byNumber);
              range = { from: ends[0], to: ends[1], session: selected.session };
              anchor = start;
            } else {
              anchor = selected;
              range = null;
            }
            button.textContent = range ? 'Copy as test #' + range.from + '…#' + range.to : 'Copy as test';
          });
          const quote = (word) => /^[A-Za-z0-9_./-]+$/.test(word) ? word : "'" + word.replace(/'/g, "'\\''") + "'";
          button.addEventListener('click', () => {
            const selected = current();
            const chosen = range || (selected ? { from: selected.seq, to: selected.seq, session: selected.session } : null);
            if (document.body.hasAttribute('data-window')) {
              note.textContent = 'This report shows only the recording\u2019s end, made with --last; its sessions are numbered ' +
                'from there: report the whole recording, or serve it, to copy a test.';
              text.value = '';
              panel.hidden = false;
              return;
            }
            if (!chosen) {
              note.textContent = 'Select a record first (shift-click another for a range).';
              text.value = '';
              panel.hidden = false;
              return;
            }
            const name = document.body.getAttribute('data-recording-name') || 'recording.jsonl';
            const command = 'swift run AqueductDevTools test ' + quote(name) + ' --from ' + chosen.from +
              ' --to ' + chosen.to + (chosen.session ? ' --session ' + quote(chosen.session) : '') +
              ' --name Replay' + chosen.from + 'To' + chosen.to;
            text.value = command;
            panel.hidden = false;
            const fallback = () => {
              note.textContent = 'Copy this command (selected), run it in the recording\u2019s folder (add --using and --output): it writes the test and its slice.';
              text.focus();
              text.select();
            };
            if (navigator.clipboard && window.isSecureContext) {
              navigator.clipboard.writeText(command).then(() => {
                note.textContent = 'Copied. Run it in the recording\u2019s folder (add --using and --output): it writes the test and its slice.';
              }, fallback);
            } else {
              fallback();
            }
          });
        })();

        """#
}
