extension ReportPage {
    /// The part of the report's script that travels through the recording: a slider over the
    /// actions, the causal chain of the selected one, and the Features view, which lists each
    /// action under the feature and the stack entry or element id it belongs to.
    ///
    /// It runs inside the main script (``script``), after its interaction code and before its
    /// first draw, and uses that script's columns, indices and functions. The groups of the
    /// Features view are taken from each action's name (`path[3] › tap` is in `path[3]`, itself
    /// in `path`) and from the case an action's description starts with (`checkIn(…)` is in
    /// `checkIn`); each distinct name is parsed once, each record placed once, as it arrives on
    /// the live page, and the view is laid out in one pass over the records and groups.
    static let travelScript = #"""

          // ---- Travel: the slider over the actions -------------------------------------------------------
          // Its value is a record's index, in the order recorded: moving it selects that action,
          // and selecting an action moves it. On the live page its end grows as records arrive.
          const travelInput = el('input', {
            id: 'travel', type: 'range', min: '0', max: '0', value: '0', step: '1',
            'aria-label': 'Travel through the actions: select one to see the state after it',
          });
          const travelAt = el('output', { id: 'travel-at', for: 'travel' });
          list.parentElement.insertBefore(
            el('div', { class: 'travel' }, el('label', { for: 'travel' }, 'Travel'), travelInput, travelAt),
            list.parentElement.firstChild);
          let travelFrame = 0;
          travelInput.addEventListener('input', () => {
            if (travelFrame) return;
            // One selection a frame, however fast the thumb moves.
            travelFrame = requestAnimationFrame(() => {
              travelFrame = 0;
              const i = Number(travelInput.value);
              if (i !== selected) select(i, true);
            });
          });
          // Called by every draw of the list: the slider follows the selection and the count.
          const syncTravel = () => {
            travelInput.max = String(Math.max(0, n - 1));
            travelInput.disabled = n === 0;
            if (!travelFrame && selected >= 0 && Number(travelInput.value) !== selected) {
              travelInput.value = String(selected);
            }
            travelAt.textContent = selected >= 0
              ? '#' + seq[selected] + ' · ' + formatNumber(selected + 1) + ' of ' + formatNumber(n) : '';
          };

          // ---- Travel: the causal chain of an action -------------------------------------------------------
          // From the action that came from outside (or the first cause in the recording) down to
          // the selected one, each a link to it. A chain can be as long as the recording (an
          // effect that sends an action that sets off the effect again): its first and last
          // actions are drawn, the rest on request.
          const CHAIN_HEAD = 3, CHAIN_TAIL = 30;
          const causalChain = (i) => {
            if (parent[i] < 0) return [];
            const chain = [];
            for (let a = i; a >= 0; a = parent[a]) chain.push(a);
            chain.reverse();
            const link = (a) => el('li', { 'data-seq': String(seq[a]), class: a === i ? 'here' : '' },
              badge(a, false), ' ', a === i ? el('strong', { class: 'mono' }, '#' + seq[a]) : jump(a), ' ', describe(a));
            const ol = el('ol', { class: 'causal-chain', id: 'detail-chain' });
            const root = chain[0];
            if (kind[root] > 0) {
              ol.append(el('li', { class: 'empty' }, KINDS[kind[root]].label + ' #' + causeSeq[root] +
                ' (not in this recording)'));
            }
            const between = chain.length - CHAIN_HEAD - CHAIN_TAIL;
            if (between <= 1) {
              for (const a of chain) ol.append(link(a));
            } else {
              for (const a of chain.slice(0, CHAIN_HEAD)) ol.append(link(a));
              const more = el('button', { type: 'button', class: 'more', id: 'detail-chain-more' },
                'Show the ' + formatNumber(between) + ' actions between');
              const gap = el('li', { class: 'between' }, more);
              more.addEventListener('click', () => gap.replaceWith(...chain.slice(CHAIN_HEAD, CHAIN_HEAD + between).map(link)));
              ol.append(gap);
              for (const a of chain.slice(CHAIN_HEAD + between)) ol.append(link(a));
            }
            return [el('h3', {}, 'Causal chain · ' + formatNumber(chain.length - 1) +
              (chain.length === 2 ? ' cause' : ' causes')), ol];
          };

          // ---- Travel: the Features view ------------------------------------------------------------------
          // A group per feature case (`path`), per stack entry or element id in it (`path[3]`), and
          // so on down nested children (`path[3] › rows`, `path[3] › rows[7]`), keyed by its whole
          // route. Each group lists its actions and inner groups in the order they first appear.
          const groupNumber = new Map();
          const groupKey = [], groupLabel = [], groupParent = [], groupDepth = [], groupSize = [], groupItems = [];
          const groupFolded = [];
          const topItems = [];  // records (>= 0) and groups (-(g + 1)) outside every group, in order
          let recordGroup = new Int32Array(0);  // the innermost group of each record, or -1
          let placed = 0;  // the records placed in groups so far
          const levelsOfText = new Map();
          const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*/;
          // The index past the `]` that closes the `[` at `open` (ids may hold quoted text), or
          // -1 when there is none within `limit` characters.
          const pastBracket = (text, open, limit) => {
            let level = 0, quoted = false;
            for (let j = open, end = Math.min(text.length, open + limit); j < end; j++) {
              const c = text[j];
              if (quoted) { if (c === '\\') j++; else if (c === '"') quoted = false; }
              else if (c === '"') quoted = true;
              else if (c === '[') level++;
              else if (c === ']' && --level === 0) return j + 1;
            }
            return -1;
          };
          // A record's groups from the outside in, as [key, label]. Only `case[id] › ` and
          // `case › ` prefixes make groups: the action after the last ` › ` may hold any text.
          // Bounded whatever the name: at most MAX_LEVELS groups, each part of a key at most
          // MAX_PART characters (a longer one ends the grouping there), so a key is short.
          const MAX_LEVELS = 16, MAX_PART = 256;
          const levelsOf = (i) => {
            const named = data.name[i] >= 0;
            const cacheKey = named ? data.name[i] : -1 - data.action[i];
            let levels = levelsOfText.get(cacheKey);
            if (levels) return levels;
            levels = [];
            const text = named ? S[data.name[i]] : S[data.action[i]];
            if (!named) {
              const head = IDENTIFIER.exec(text);
              if (head && text[head[0].length] === '(') levels.push([head[0], head[0]]);
            } else {
              let at = 0, route = '';
              while (levels.length + 2 <= MAX_LEVELS) {
                const head = IDENTIFIER.exec(text.slice(at, at + MAX_PART + 1));
                if (!head || head[0].length > MAX_PART) break;
                let end = at + head[0].length;
                let id = '';
                if (text[end] === '[') {
                  const past = pastBracket(text, end, MAX_PART);
                  if (past < 0) break;
                  id = text.slice(end, past);
                  end = past;
                }
                if (!text.startsWith(' › ', end)) break;
                levels.push([route + head[0], head[0]]);
                if (id) levels.push([route + head[0] + id, head[0] + id]);
                route += head[0] + id + ' › ';
                at = end + 3;
              }
            }
            levelsOfText.set(cacheKey, levels);
            return levels;
          };
          // Places the records not placed yet (all at first; on the live page, those that arrived).
          const placeInGroups = () => {
            if (recordGroup.length < n) {
              const grown = new Int32Array(Math.max(n, recordGroup.length * 2));
              grown.set(recordGroup);
              recordGroup = grown;
            }
            for (let i = placed; i < n; i++) {
              let g = -1;
              for (const [key, label] of levelsOf(i)) {
                let inner = groupNumber.get(key);
                if (inner === undefined) {
                  inner = groupKey.length;
                  groupNumber.set(key, inner);
                  groupKey.push(key); groupLabel.push(label); groupParent.push(g);
                  groupDepth.push(g < 0 ? 0 : groupDepth[g] + 1); groupSize.push(0); groupItems.push([]);
                  groupFolded.push(0);
                  (g < 0 ? topItems : groupItems[g]).push(-(inner + 1));
                }
                groupSize[inner]++;
                g = inner;
              }
              recordGroup[i] = g;
              (g < 0 ? topItems : groupItems[g]).push(i);
            }
            placed = n;
            return groupKey.length;
          };
          // The list in the Features view, into `out`: a group's row, then (unless folded) what it
          // holds. With a filter, the matches and the groups that hold one, folded or not.
          const featureShown = (out) => {
            let keep = null;
            if (matches) {
              keep = new Uint8Array(groupKey.length);
              for (let i = 0; i < n; i++) {
                if (matches[i]) for (let g = recordGroup[i]; g >= 0 && !keep[g]; g = groupParent[g]) keep[g] = 1;
              }
            }
            let k = 0;
            const stack = [[topItems, 0]];
            while (stack.length) {
              const top = stack[stack.length - 1];
              if (top[1] >= top[0].length) { stack.pop(); continue; }
              const item = top[0][top[1]++];
              if (item >= 0) { if (!matches || matches[item]) out[k++] = item; continue; }
              const g = -item - 1;
              if (keep && !keep[g]) continue;
              out[k++] = item;
              if (keep || !groupFolded[g]) stack.push([groupItems[g], 0]);
            }
            return k;
          };
          const featureRow = (item, position) => {
            if (item >= 0) {
              const drawn = row(item, position);
              const g = recordGroup[item];
              const level = g < 0 ? 0 : groupDepth[g] + 1;
              drawn.setAttribute('role', 'treeitem');
              drawn.setAttribute('aria-level', String(level + 1));
              if (g >= 0) drawn.setAttribute('data-group', groupKey[g]);
              drawn.querySelector('.act').style.paddingLeft = Math.min(level, 40) * 16 + 'px';
              return drawn;
            }
            const g = -item - 1;
            const folded = groupFolded[g] && !matches;
            return el('div', {
              class: 'row group', style: 'top:' + position * ROW + 'px', role: 'treeitem',
              'aria-level': String(groupDepth[g] + 1), 'aria-expanded': String(!folded), 'data-group': groupKey[g],
            },
            el('span', { class: 'group-name', style: 'padding-left:' + Math.min(groupDepth[g], 40) * 16 + 'px' },
              el('button', { class: 'twisty', tabindex: '-1', type: 'button', 'aria-label': folded ? 'Expand' : 'Collapse' },
                folded ? '▸' : '▾'),
              el('span', { class: 'group-label' }, visible(groupLabel[g]))),
            el('span', { class: 'group-count' },
              formatNumber(groupSize[g]) + (groupSize[g] === 1 ? ' action' : ' actions')));
          };
          const toggleGroup = (g) => {
            groupFolded[g] = groupFolded[g] ? 0 : 1;
            computeShown();
            render();
          };
          // Selecting an action in a folded group unfolds the groups around it.
          const unfoldGroupsOf = (i) => {
            let opened = false;
            for (let g = recordGroup[i]; g >= 0; g = groupParent[g]) if (groupFolded[g]) { groupFolded[g] = 0; opened = true; }
            return opened;
          };
          list.addEventListener('click', (event) => {
            const header = event.target.closest('.row.group');
            if (header) toggleGroup(groupNumber.get(header.getAttribute('data-group')));
          });
          $('view-features').addEventListener('click', () => setView('features'));

        """#

    /// The style of the slider, the causal chain and the Features view's groups.
    static let travelStyle = #"""

        .list-pane { grid-template-rows: auto auto minmax(0, 1fr); }
        .travel { display: flex; align-items: center; gap: 10px; padding: 6px 12px; border-bottom: 1px solid var(--line); }
        .travel label { color: var(--muted); font-size: 11px; text-transform: uppercase; letter-spacing: .04em; }
        #travel { flex: 1; min-width: 0; accent-color: var(--accent); }
        #travel-at { min-width: 12em; text-align: right; font-family: var(--mono); font-size: 12px; color: var(--muted);
          font-variant-numeric: tabular-nums; }
        ol.causal-chain { margin: 0; padding-left: 0; list-style: none; }
        ol.causal-chain li { font-size: 12px; overflow-wrap: anywhere; white-space: pre-wrap; padding: 1px 0 1px 14px;
          border-left: 2px solid var(--line); margin-left: 6px; }
        ol.causal-chain li.here { border-left-color: var(--accent); }
        .row.group { display: flex; justify-content: space-between; font-weight: 600; color: #344054; background: #f6f7f9;
          cursor: pointer; }
        .row.group:hover { background: #eef2f7; }
        .group-name { display: flex; align-items: center; gap: 6px; font-family: var(--mono); font-size: 12.5px;
          overflow: hidden; text-overflow: ellipsis; }
        .group-count { color: var(--muted); font-weight: 400; font-size: 12px; flex: none; }

        """#
}
