extension ReportPage {
    /// The report's script: reads the embedded recording (``ReportData``), builds its indices
    /// once, and draws the list, the details of the selected action and the state after it.
    ///
    /// Bounded for large recordings: every index is built in one pass (O(n)), and grown by a
    /// batch when the live page receives records (O(batch)); the list is
    /// virtual — only the rows in view, plus a few, are in the document; a filter is one pass;
    /// the state after an action is rebuilt forward from the last one built, from the start
    /// only when going back. Every text from the recording is shown with `textContent`, with
    /// control and direction-changing characters made visible. The page runs it, then the
    /// scripts of the page's other parts (see ``script``).
    static let mainScript = #"""

        'use strict';
        (() => {
          const scriptStarted = performance.now();
          const data = JSON.parse(document.getElementById('recording-data').textContent);
          const S = data.strings;
          let n = data.seq.length;
          const seq = data.seq, causeSeq = data.cause, kind = data.kind;
          const KINDS = [
            { badge: 'outside', label: 'from outside' },
            { badge: 'bridged', label: 'bridged from' },
            { badge: 'effect', label: 'sent by an effect of' },
            { badge: 'during', label: 'dispatched during' },
          ];

          // ---- Indices, grown a record at a time ------------------------------------------------
          // The tool gives each record's cause as the index of its record in the same session
          // (-1: outside, or recorded in an earlier file), always below its own, so a record's
          // depth and its place among its cause's children are known when it is added: the live
          // page (`serve`) adds a batch of records in O(batch), never O(n). Children are linked
          // lists in index order (first child, next sibling). The causal tree's preorder and
          // its subtree sizes are built only when read after records arrived (O(n), typed
          // arrays). A seq is only shown, never computed with: beyond 2^53 it is text.
          let parent = new Int32Array(0), depth = parent, childCount = parent, firstChild = parent, lastChild = parent,
            nextSibling = parent, subtree = parent, collapsed = new Uint8Array(0);
          let indexed = 0, treeOrder = null, sessionCount = 0, markerCount = 0;
          const byKind = [0, 0, 0, 0];
          // A column with room for `size`, its capacity doubled when it grows.
          const room = (column, size) => {
            if (column.length >= size) return column;
            const grown = new column.constructor(Math.max(size, column.length * 2, 1024));
            grown.set(column);
            return grown;
          };
          const index = () => {
            n = data.seq.length;
            if (n > parent.length) {
              [parent, depth, childCount, firstChild, lastChild, nextSibling, subtree] =
                [parent, depth, childCount, firstChild, lastChild, nextSibling, subtree].map((c) => room(c, n));
              collapsed = room(collapsed, n);
            }
            for (let i = indexed; i < n; i++) {
              let p = data.parent[i];
              if (!(p >= 0 && p < i)) p = -1;
              parent[i] = p;
              firstChild[i] = lastChild[i] = nextSibling[i] = -1;
              byKind[kind[i]]++;
              if (p < 0) continue;
              depth[i] = depth[p] + 1;
              if (lastChild[p] < 0) firstChild[p] = i; else nextSibling[lastChild[p]] = i;
              lastChild[p] = i;
              childCount[p]++;
            }
            if (n > indexed) treeOrder = null;
            indexed = n;
            sessionCount = data.sessions.length;
            // Rows between records (a session's start, a gap), in the timeline without a filter.
            markerCount = data.markerAt.length;
          };
          // How many actions each one set off, itself included: counted when first read after
          // records arrived, in one backward pass (a cause is always before what it set off) —
          // not per record from its ancestors, which a chain as long as the recording makes
          // quadratic.
          let counted = 0;
          const sizes = () => {
            if (counted === n) return subtree;
            subtree.fill(1, 0, n);
            for (let i = n - 1; i >= 0; i--) if (parent[i] >= 0) subtree[parent[i]] += subtree[i];
            counted = n;
            return subtree;
          };
          // The causal tree in preorder: each action followed by everything it set off.
          const causalOrder = () => {
            if (treeOrder) return treeOrder;
            treeOrder = new Int32Array(n);
            let k = 0;
            for (let root = 0; root < n; root++) {
              if (parent[root] >= 0) continue;
              for (let i = root; ;) {
                treeOrder[k++] = i;
                if (firstChild[i] >= 0) { i = firstChild[i]; continue; }
                while (i !== root && nextSibling[i] < 0) i = parent[i];
                if (i === root) break;
                i = nextSibling[i];
              }
            }
            return treeOrder;
          };
          index();
          const truncated = new Set(data.truncated);
          const skipped = new Set(data.skipped);
        \#(cancellationScript)
          // ---- Text ------------------------------------------------------------------------------
          // Control characters and characters that reorder text are shown as \u{…}: a recording
          // may hold anything, and what the page shows must be what the recording says.
          const HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;
          const visible = (text) => text.replace(HIDDEN,
            (c) => '\\u{' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0') + '}');
          const oneLine = (text) => visible(text).replace(/\r?\n|\r/g, ' ⏎ ').replace(/\t/g, ' ');
          const str = (index) => (index < 0 ? null : S[index]);
          const descriptionOf = (i) => S[data.action[i]];
          // A child's action by the case and entry it belongs to (`path[3] › tap`): the tool
          // derives the name; -1 when the name is the description.
          const nameOf = (i) => (data.name[i] >= 0 ? S[data.name[i]] : descriptionOf(i));
          const fileOf = (i) => S[data.file[i]];
          const fileName = (path) => path.slice(path.lastIndexOf('/') + 1);
          const formatNumber = (value) => value.toLocaleString('en-US');
          const formatOffset = (micros) => {
            const sign = micros < 0 ? '−' : '+';
            const ms = Math.abs(micros) / 1000;
            if (ms < 60000) return sign + (ms / 1000).toFixed(3) + ' s';
            const minutes = Math.floor(ms / 60000);
            const seconds = ((ms % 60000) / 1000).toFixed(3).padStart(6, '0');
            if (minutes < 60) return sign + minutes + ':' + seconds;
            return sign + Math.floor(minutes / 60) + ':' + String(minutes % 60).padStart(2, '0') + ':' + seconds;
          };
          const formatDuration = (ns) => {
            if (ns < 1000) return ns + ' ns';
            if (ns < 1e6) return (ns / 1e3).toPrecision(3) + ' µs';
            if (ns < 1e9) return (ns / 1e6).toPrecision(3) + ' ms';
            if (ns < 1e12) return (ns / 1e9).toPrecision(3) + ' s';
            return formatNumber(Math.round(ns / 1e9)) + ' s';
          };
          const offsetOf = (i) => data.timeMicroseconds[i] - data.timeMicroseconds[0];
          const absoluteTime = (i) => {
            const micros = data.startEpochMilliseconds * 1000 + data.timeMicroseconds[i];
            const date = new Date(Math.floor(micros / 1000));
            const fraction = String(((micros % 1e6) + 1e6) % 1e6).padStart(6, '0');
            return date.toISOString().slice(0, 19) + '.' + fraction + 'Z';
          };

          // ---- Elements, text only -----------------------------------------------------------------
          const el = (tag, props, ...kids) => {
            const node = document.createElement(tag);
            for (const [key, value] of Object.entries(props || {})) {
              if (key === 'class') node.className = value;
              else if (key === 'onclick') node.addEventListener('click', value);
              else node.setAttribute(key, value);
            }
            for (const kid of kids) {
              if (kid === null || kid === undefined || kid === false) continue;
              node.append(typeof kid === 'string' ? document.createTextNode(kid) : kid);
            }
            return node;
          };
          const $ = (id) => document.getElementById(id);
          const list = $('list'), spacer = $('spacer'), details = $('details'), filter = $('filter');

          // ---- What the list shows -------------------------------------------------------------------
          let view = 'timeline';
          let selected = n > 0 ? 0 : -1;
          let matches = null;  // Uint8Array: 1 for a record the filter matches; null without a filter
          let matchCount = 0, query = '', seqQuery = null;
          let shownBuffer = new Int32Array(0);
          let shown = shownBuffer;  // the record indices listed, in order (a view of shownBuffer)
          let haystack = null;  // each record's text, lower case, built when a filter first needs it

          const extendHaystack = () => {
            if (!haystack) haystack = [];
            for (let i = haystack.length; i < n; i++) {
              const parts = [descriptionOf(i), nameOf(i), fileOf(i) + ':' + data.line[i], S[data.function[i]]];
              for (let k = data.infoStart[i]; k < data.infoStart[i + 1]; k++) parts.push(S[data.info[k]]);
              for (let c = data.changeStart[i]; c < data.changeStart[i + 1]; c++) parts.push(S[data.changePath[c]]);
              cancellationHaystack(i, parts);  // ReportPage+Cancellations.swift
              haystack.push(parts.join('\n').toLowerCase());
            }
          };

          // Tests records from `from` on against the filter (the live page tests a batch).
          const matchFrom = (from) => {
            if (!query) { matches = null; matchCount = 0; return; }
            if (!seqQuery) extendHaystack();
            matches = room(matches || new Uint8Array(0), n);
            for (let i = from; i < n; i++) {
              matches[i] = seqQuery ? (String(seq[i]) === seqQuery[1] ? 1 : 0) : (haystack[i].includes(query) ? 1 : 0);
              matchCount += matches[i];
            }
          };

          const applyFilter = (text) => {
            query = text.trim().toLowerCase();
            seqQuery = /^#(\d+)$/.exec(query);
            matches = null;
            matchCount = 0;
            matchFrom(0);
            computeShown();
          };

          const showCount = () => {
            $('count').textContent = matches
              ? formatNumber(matchCount) + ' of ' + formatNumber(n) + ' match'
              : formatNumber(n) + (n === 1 ? ' action' : ' actions');
          };

          // Lists records from `from` on, and markers from `markersFrom` on, after those listed.
          const listTimeline = (from, markersFrom, k) => {
            // A marker is listed as -(its number + 1), before the record it precedes.
            let m = markersFrom;
            for (let i = from; i < n; i++) {
              if (!matches) while (m < markerCount && data.markerAt[m] <= i) shownBuffer[k++] = -(++m);
              if (!matches || matches[i]) shownBuffer[k++] = i;
            }
            if (!matches) while (m < markerCount) shownBuffer[k++] = -(++m);
            return k;
          };

          const computeShown = () => {
            shownBuffer = room(shownBuffer, n + markerCount + (view === 'features' ? placeInGroups() : 0));
            let k = 0;
            if (view === 'features') {
              k = featureShown(shownBuffer);  // ReportPage+Travel.swift
            } else if (view === 'timeline') {
              k = listTimeline(0, 0, 0);
            } else {
              // With a filter, a match keeps its causes listed (dimmed), so it stays in its tree.
              let keep = null;
              if (matches) {
                keep = matches.slice(0, n);
                for (let i = n - 1; i >= 0; i--) if (keep[i] && parent[i] >= 0) keep[parent[i]] = 1;
              }
              const order = causalOrder(), size = sizes();
              for (let position = 0; position < n;) {
                const i = order[position];
                if (keep && !keep[i]) { position += size[i]; continue; }
                shownBuffer[k++] = i;
                position += collapsed[i] && !keep ? size[i] : 1;  // a filter shows matches in folds too
              }
            }
            shown = shownBuffer.subarray(0, k);
            showCount();
          };

          // Records from `from` on and markers from `markersFrom` on have arrived (live): the
          // timeline appends them, O(batch); the Causes view lists its tree again.
          const appendShown = (from, markersFrom) => {
            matchFrom(from);
            if (view !== 'timeline') { computeShown(); return; }
            const k = shown.length;
            shownBuffer = room(shownBuffer, k + (n - from) + (markerCount - markersFrom));
            shown = shownBuffer.subarray(0, listTimeline(from, markersFrom, k));
            showCount();
          };

          // ---- The virtual list --------------------------------------------------------------------
          const ROW = 26, OVERSCAN = 12;
          let frame = 0;
          // A scroll draws the rows that came into view and keeps those still in it.
          const scheduleRender = () => { if (!frame) frame = requestAnimationFrame(() => { frame = 0; render(true); }); };

          const badge = (i, withCause) => {
            const k = kind[i];
            const text = KINDS[k].badge + (withCause && k > 0 ? ' #' + causeSeq[i] : '');
            return el('span', { class: 'badge k' + k, title: k ? KINDS[k].label + ' #' + causeSeq[i] : 'from outside' },
              text);
          };

          const row = (i, position) => {
            const inTree = view === 'causes';
            const attributes = {
              class: 'row' + (i === selected ? ' selected' : '') + (matches && !matches[i] ? ' context' : ''),
              style: 'top:' + position * ROW + 'px',
              role: inTree ? 'treeitem' : 'option',
              'aria-selected': String(i === selected),
              'data-seq': String(seq[i]),
              'data-index': String(i),
              'data-depth': String(depth[i]),
              'data-kind': KINDS[kind[i]].badge,
            };
            if (kind[i] > 0) attributes['data-cause'] = String(causeSeq[i]);
            if (sessionCount > 1) attributes['data-session'] = String(data.session[i] + 1);
            const hasChildren = childCount[i] > 0;
            if (inTree) {
              attributes['aria-level'] = String(depth[i] + 1);
              if (hasChildren) attributes['aria-expanded'] = String(!collapsed[i]);
            }
            const act = el('span', { class: 'act' });
            if (inTree) {
              act.style.paddingLeft = Math.min(depth[i], 40) * 16 + 'px';
              act.append(el('button', {
                class: 'twisty' + (hasChildren ? '' : ' leaf'), tabindex: '-1', type: 'button',
                'aria-label': collapsed[i] ? 'Expand' : 'Collapse', 'data-toggle': String(i),
              }, collapsed[i] ? '▸' : '▾'));
            }
            act.append(badge(i, !inTree), el('span', { class: 'desc' }, oneLine(nameOf(i))), cancellationNote(i));
            if (inTree && collapsed[i]) act.append(el('span', { class: 'guide' }, '+' + formatNumber(sizes()[i] - 1)));
            const file = fileOf(i);
            return el('div', attributes,
              el('span', { class: 'seq' }, '#' + seq[i]),
              el('span', { class: 'time' }, formatOffset(offsetOf(i))),
              act,
              el('span', { class: 'dur' }, formatDuration(data.durationNanoseconds[i])),
              el('span', { class: 'src', title: visible(file) + ':' + data.line[i] },
                el('bdi', {}, visible(fileName(file)) + ':' + data.line[i])));
          };

          // A session's start, a gap, or (live) the recording replaced or truncated.
          const MARKERS = [{ name: 'session', sign: '' }, { name: 'gap', sign: '⚠ ' }, { name: 'reset', sign: '↻ ' }];
          const markerRow = (m, position) => el('div', {
            class: 'row marker ' + MARKERS[data.markerKind[m]].name,
            style: 'top:' + position * ROW + 'px',
            role: 'separator',
            'data-marker': MARKERS[data.markerKind[m]].name,
          }, el('span', { class: 'marker-text' }, MARKERS[data.markerKind[m]].sign + visible(S[data.markerText[m]])));

          // The rows in the document by what they show ('item@position'). A new row costs the
          // browser far more than building it (its style and layout, about 0.3 ms each on a slow
          // machine), so a draw that may `reuse` them (a scroll, records arriving) keeps the rows
          // still in view and adds only the others. Any other draw builds them all again, as does
          // one after `rowsStale` is set (what a row shows changed: the live page in a tree view).
          let drawn = new Map(), rowsStale = false;
          const render = (reuse) => {
            spacer.style.height = shown.length * ROW + 'px';
            const height = list.clientHeight || window.innerHeight;
            const first = Math.max(0, Math.floor(list.scrollTop / ROW) - OVERSCAN);
            const last = Math.min(shown.length, Math.ceil((list.scrollTop + height) / ROW) + OVERSCAN);
            const kept = reuse && !rowsStale ? drawn : new Map();
            const rows = new Map();
            for (let position = first; position < last; position++) {
              const i = shown[position];
              const key = i + '@' + position;
              rows.set(key, kept.get(key) ||
                (view === 'features' ? featureRow(i, position) : i >= 0 ? row(i, position) : markerRow(-i - 1, position)));
            }
            for (const [key, node] of drawn) if (rows.get(key) !== node) node.remove();
            // In the order of their positions: the rows kept are in it already.
            let next = spacer.firstChild;
            for (const node of rows.values()) {
              if (node === next) next = next.nextSibling; else spacer.insertBefore(node, next);
            }
            drawn = rows;
            rowsStale = false;
            syncTravel();
          };

          // Scrolls the list so that record i is in view (in the middle when `center`).
          const scrollToRecord = (i, center) => {
            const position = shown.indexOf(i);
            if (position < 0) return;
            spacer.style.height = shown.length * ROW + 'px';
            const top = position * ROW, height = list.clientHeight;
            if (center) list.scrollTop = Math.max(0, top - Math.floor((height - ROW) / 2));
            else if (top < list.scrollTop) list.scrollTop = top;
            else if (top + ROW > list.scrollTop + height) list.scrollTop = top + ROW - height;
          };

          // ---- The state, rebuilt from the diffs -------------------------------------------------------
          // A node per path step. Setting a part replaces what was known under it; a part whose
          // `after` is null is gone. A change with a null side at a path that does not end in
          // an index or key is a set member added or removed (that is how diffs record sets).
          const newNode = () => ({ kids: null, value: undefined, at: -1, members: null });
          const pathSteps = new Map();
          const stepsOf = (index) => {
            let steps = pathSteps.get(index);
            if (steps) return steps;
            steps = [];
            const path = S[index];
            for (let i = 0; i < path.length;) {
              if (path[i] === '.') { i++; continue; }
              let j = i;
              if (path[i] === '[') {
                let level = 0, quoted = false;
                for (; j < path.length; j++) {
                  const c = path[j];
                  if (quoted) { if (c === '\\') j++; else if (c === '"') quoted = false; }
                  else if (c === '"') quoted = true;
                  else if (c === '[') level++;
                  else if (c === ']' && --level === 0) { j++; break; }
                }
              } else {
                while (j < path.length && path[j] !== '.' && path[j] !== '[') j++;
              }
              steps.push(path.slice(i, j));
              i = j;
            }
            pathSteps.set(index, steps);
            return steps;
          };
          // Every change replaces (or removes) one child of one node, and each record keeps what
          // it replaced, so moving back an action undoes one record instead of rebuilding from
          // the start: stepping through the list costs the changes of one action either way.
          // The whole state is the child '' of `holder`, so a change of it is no special case.
          const holder = { kids: new Map([['', newNode()]]) };
          const undo = [];  // undo[k]: [owner, step, the child it had or undefined], in order
          let appliedUpTo = -1;
          const reach = (node, steps, create, log) => {
            for (const step of steps) {
              let next = node.kids && node.kids.get(step);
              if (!next) {
                if (!create) return null;
                if (!node.kids) node.kids = new Map();
                next = newNode();
                log.push([node, step, undefined]);
                node.kids.set(step, next);
              }
              node = next;
            }
            return node;
          };
          const replace = (owner, step, node, log) => {
            log.push([owner, step, owner.kids ? owner.kids.get(step) : undefined]);
            if (!owner.kids) owner.kids = new Map();
            if (node) owner.kids.set(step, node); else owner.kids.delete(step);
          };
          const applyRecord = (i) => {
            const log = [];
            // A session starts from its store's initial state: nothing known carries over.
            if (i > 0 && data.session[i] !== data.session[i - 1]) replace(holder, '', newNode(), log);
            for (let c = data.changeStart[i]; c < data.changeStart[i + 1]; c++) {
              const steps = ['', ...stepsOf(data.changePath[c])];
              const before = data.changeBefore[c], after = data.changeAfter[c];
              const last = steps[steps.length - 1];
              const isMember = (before < 0 || after < 0) && last[0] !== '[';
              const owner = reach(holder, steps.slice(0, -1), isMember || after >= 0, log);
              if (!owner) continue;
              const old = owner.kids && owner.kids.get(last);
              if (isMember) {
                const members = new Map(old && old.members ? old.members : []);
                if (before >= 0) members.delete(before);
                if (after >= 0) members.set(after, i);
                replace(owner, last, { kids: old ? old.kids : null, value: undefined, at: i, members }, log);
              } else if (after < 0) {
                if (old) replace(owner, last, undefined, log);
              } else {
                replace(owner, last, { kids: null, value: after, at: i, members: null }, log);
              }
            }
            undo[i] = log;
          };
          const revertRecord = (i) => {
            const log = undo[i];
            for (let k = log.length - 1; k >= 0; k--) {
              const [owner, step, previous] = log[k];
              if (previous) owner.kids.set(step, previous); else owner.kids.delete(step);
            }
            undo[i] = undefined;
          };
          const stateAfter = (i) => {
            while (appliedUpTo > i) revertRecord(appliedUpTo--);
            while (appliedUpTo < i) applyRecord(++appliedUpTo);
            return holder.kids.get('');
          };

          // A state can be large (a history of thousands of entries): the panel shows at most
          // NODE_LIMIT parts, and at most CHILD_LIMIT parts of any one.
          const NODE_LIMIT = 1500, CHILD_LIMIT = 200;
          // The rows of a state diff drawn at once; more on request.
          const CHANGE_PAGE = 200;
          const stateTree = (i) => {
            const root = stateAfter(i);
            const changedHere = new Set();
            for (let c = data.changeStart[i]; c < data.changeStart[i + 1]; c++) {
              const node = reach(root, stepsOf(data.changePath[c]), false, null);
              if (node) changedHere.add(node);
            }
            let budget = NODE_LIMIT;
            // Named parts first, in the order they were first met; then elements by position.
            const orderedKids = (node) => {
              const entries = [];
              let indexed = false;
              for (const [step, kid] of node.kids) {
                const position = step[0] === '[' && /^\[\d+\]$/.test(step) ? Number(step.slice(1, -1)) : -1;
                indexed = indexed || position >= 0;
                entries.push([step, kid, position]);
              }
              if (indexed) entries.sort((a, b) => (a[2] < 0 || b[2] < 0 ? (a[2] < 0 ? 0 : 1) - (b[2] < 0 ? 0 : 1) : a[2] - b[2]));
              return entries;
            };
            const appendKids = (list, node) => {
              let shown = 0;
              for (const [step, kid] of orderedKids(node)) {
                if (budget <= 0 || shown === CHILD_LIMIT) {
                  list.append(el('li', { class: 'empty' }, '… ' + formatNumber(node.kids.size - shown) +
                    ' more parts not shown (filter by a path to find an action that changed one)'));
                  return;
                }
                list.append(item(step, kid));
                shown++;
              }
            };
            const valueText = (node) => {
              if (node.members) return '{' + [...node.members.keys()].map((m) => visible(S[m])).join(', ') + '}';
              return node.value === undefined ? null : visible(S[node.value]);
            };
            const item = (name, node) => {
              budget--;
              const text = valueText(node);
              const hasKids = node.kids && node.kids.size > 0;
              const line = el('span', { class: 'line' },
                el('span', { class: 'key' }, visible(name)),
                text !== null ? ': ' : '',
                text !== null ? el('span', { class: 'val' + (hasKids ? ' stale' : '') }, text) : null,
                node.at >= 0 ? el('span', { class: 'at' }, '#' + seq[node.at]) : null);
              const li = el('li', { class: changedHere.has(node) ? 'changed' : '', 'data-path': name });
              if (!hasKids) { li.append(line); return li; }
              const ul = el('ul', {});
              appendKids(ul, node);
              li.append(el('details', { open: '' }, el('summary', {}, line), ul));
              return li;
            };
            const top = el('ul', { class: 'state' });
            if (root.value !== undefined) top.append(item('(the whole state)', { ...root, kids: null }));
            if (root.kids) appendKids(top, root);
            return top.children.length ? top : el('p', { class: 'empty' }, 'No state change recorded up to here.');
          };

          // ---- The details of the selected action ----------------------------------------------------
          const jump = (i) => el('a', { class: 'jump', href: '#seq=' + seq[i], onclick: (event) => {
            event.preventDefault(); select(i, true);
          } }, '#' + seq[i]);
          const describe = (i) => el('span', { class: 'mono' }, oneLine(nameOf(i)));

          const showDetails = (i) => {
            if (i < 0) {
              details.replaceChildren(el('p', { class: 'empty' },
                data.live ? 'Waiting for the app to record an action…' : 'The recording holds no action.'));
              return;
            }
            const parts = [];
            parts.push(el('h2', { id: 'detail-title' }, '#' + seq[i] + ' ' + visible(nameOf(i))));
            const cause = causeSeq[i];
            const causeLine = kind[i] === 0
              ? el('span', {}, badge(i, false), ' dispatched from outside the store')
              : el('span', {}, badge(i, false), ' ' + KINDS[kind[i]].label + ' ',
                parent[i] >= 0 ? jump(parent[i]) : el('span', { class: 'mono' }, '#' + cause),
                parent[i] >= 0 ? el('span', {}, ' ', describe(parent[i])) : ' (not in this recording)');
            const info = el('ol', { class: 'info' });
            for (let k = data.infoStart[i]; k < data.infoStart[i + 1]; k++) info.append(el('li', {}, visible(S[data.info[k]])));
            parts.push(el('dl', { class: 'facts' },
              data.name[i] >= 0 ? el('dt', {}, 'action') : null,
              data.name[i] >= 0 ? el('dd', { class: 'mono', id: 'detail-action' }, visible(descriptionOf(i))) : null,
              sessionCount > 1 ? el('dt', {}, 'session') : null,
              sessionCount > 1 ? el('dd', { id: 'detail-session' }, visible(data.sessions[data.session[i]])) : null,
              el('dt', {}, 'cause'), el('dd', { id: 'detail-cause' }, causeLine),
              el('dt', {}, 'time'), el('dd', { class: 'mono' },
                absoluteTime(i) + '  (' + formatOffset(offsetOf(i)) + ' since #' + (n ? seq[0] : 0) + ')'),
              el('dt', {}, 'took'), el('dd', { class: 'mono' }, formatDuration(data.durationNanoseconds[i])),
              el('dt', {}, 'source'), el('dd', { class: 'mono', id: 'detail-source' },
                visible(fileOf(i)) + ':' + data.line[i]),
              el('dt', {}, 'function'), el('dd', { class: 'mono' }, visible(S[data.function[i]])),
              el('dt', {}, 'info'), el('dd', { id: 'detail-info' },
                info.children.length ? info : el('span', { class: 'empty' }, 'none'))));

            // What led here, from the outside action down (ReportPage+Travel.swift).
            parts.push(...causalChain(i));

            // What it set off.
            const count = childCount[i];
            if (count > 0) {
              const setOff = el('ul', { class: 'plain', id: 'detail-set-off' });
              for (let child = firstChild[i], c = 0; child >= 0 && c < 50; child = nextSibling[child], c++) {
                setOff.append(el('li', {}, badge(child, false), ' ', jump(child), ' ', describe(child)));
              }
              if (count > 50) setOff.append(el('li', { class: 'empty' }, '… and ' + formatNumber(count - 50) + ' more'));
              parts.push(el('h3', {}, 'Set off ' + formatNumber(count) + ' directly, ' +
                formatNumber(sizes()[i] - 1) + ' in all'), setOff);
            }

            // Its state diff, a page of rows at a time: a record may list any number of changes.
            parts.push(el('h3', {}, 'State changes'));
            const first = data.changeStart[i], end = data.changeStart[i + 1];
            if (skipped.has(i)) {
              parts.push(el('p', { class: 'note', id: 'detail-skipped' },
                'The recorder did not compare the state for this action: it was behind (changes_skipped).'));
            } else if (first === end) {
              parts.push(el('p', { class: 'empty' }, 'No state change.'));
            } else {
              const side = (index, name) => (index < 0
                ? el('td', { class: name }, el('span', { class: 'none' }, '(none)'))
                : el('td', { class: name }, visible(S[index])));
              const body = el('tbody', {});
              let next = first;
              const more = el('button', { type: 'button', class: 'more', id: 'detail-more-changes' });
              const showPage = () => {
                const stop = Math.min(end, next + CHANGE_PAGE);
                const rows = [];
                for (let c = next; c < stop; c++) {
                  const path = S[data.changePath[c]];
                  rows.push(el('tr', {},
                    el('td', {}, path ? visible(path) : el('span', { class: 'none' }, '(the whole state)')),
                    side(data.changeBefore[c], 'before'), side(data.changeAfter[c], 'after')));
                }
                body.append(...rows);
                next = stop;
                more.hidden = next >= end;
                more.textContent = 'Show ' + formatNumber(Math.min(CHANGE_PAGE, end - next)) + ' more (' +
                  formatNumber(end - next) + ' of ' + formatNumber(end - first) + ' not shown)';
              };
              more.addEventListener('click', showPage);
              showPage();
              parts.push(el('table', { class: 'diff', id: 'detail-changes' },
                el('colgroup', {}, el('col', { style: 'width:34%' }), el('col', {}), el('col', {})),
                el('thead', {}, el('tr', {}, el('th', {}, 'path'), el('th', {}, 'before'), el('th', {}, 'after'))),
                body), more);
            }
            if (truncated.has(i)) parts.push(el('p', { class: 'note' }, 'The diff had more changes than were recorded.'));
            parts.push(...cancellationDetails(i));

            // Its value, when the action is Encodable.
            const value = str(data.value[i]);
            if (value !== null) {
              let pretty = value;
              try { pretty = JSON.stringify(JSON.parse(value), null, 2); } catch (error) { /* shown as written */ }
              parts.push(el('h3', {}, 'Encoded action'), el('pre', { class: 'value' }, visible(pretty)));
            }

            parts.push(el('h3', {}, 'State after #' + seq[i]), el('div', { id: 'detail-state' }, stateTree(i)));
            details.replaceChildren(...parts);
            details.scrollTop = 0;
          };

          // ---- Interaction --------------------------------------------------------------------------------
          const writeHash = () => {
            const parts = ['view=' + view];
            if (selected >= 0) parts.push('seq=' + seq[selected]);
            if (selected >= 0 && sessionCount > 1) parts.push('session=' + (data.session[selected] + 1));
            if (filter.value) parts.push('filter=' + encodeURIComponent(filter.value));
            try { history.replaceState(null, '', '#' + parts.join('&')); } catch (error) { /* a file: URL may refuse */ }
          };
          const select = (i, scroll) => {
            if (i < 0 || i >= n) return;
            selected = i;
            if (view === 'causes') {
              let opened = false;
              for (let a = parent[i]; a >= 0; a = parent[a]) if (collapsed[a]) { collapsed[a] = 0; opened = true; }
              if (opened) computeShown();
            }
            if (view === 'features' && unfoldGroupsOf(i)) computeShown();
            if (scroll) scrollToRecord(i);
            render();
            showDetails(i);
            writeHash();
          };
          const setView = (next) => {
            view = next;
            $('view-timeline').setAttribute('aria-pressed', String(view === 'timeline'));
            $('view-causes').setAttribute('aria-pressed', String(view === 'causes'));
            $('view-features').setAttribute('aria-pressed', String(view === 'features'));
            list.setAttribute('role', view === 'timeline' ? 'listbox' : 'tree');
            computeShown();
            if (selected >= 0) scrollToRecord(selected, true);
            render();
            writeHash();
          };
          const toggle = (i) => {
            collapsed[i] = collapsed[i] ? 0 : 1;
            computeShown();
            render();
          };

          list.addEventListener('scroll', scheduleRender, { passive: true });
          window.addEventListener('resize', scheduleRender);
          list.addEventListener('click', (event) => {
            const twisty = event.target.closest('[data-toggle]');
            if (twisty) { toggle(Number(twisty.getAttribute('data-toggle'))); return; }
            const target = event.target.closest('.row');
            if (target && target.hasAttribute('data-index')) select(Number(target.getAttribute('data-index')), false);
          });
          list.addEventListener('keydown', (event) => {
            const position = shown.indexOf(selected);
            const page = Math.max(1, Math.floor(list.clientHeight / ROW) - 1);
            // Moves to the record at position p, or the nearest one past it in the direction of travel.
            const to = (p) => {
              event.preventDefault();
              if (!shown.length) return;
              const step = p < position ? -1 : 1;
              let q = Math.max(0, Math.min(shown.length - 1, p));
              while (q >= 0 && q < shown.length && shown[q] < 0) q += step;
              if (q < 0 || q >= shown.length) { q = Math.max(0, Math.min(shown.length - 1, p)); while (q >= 0 && q < shown.length && shown[q] < 0) q -= step; }
              if (q >= 0 && q < shown.length) select(shown[q], true);
            };
            switch (event.key) {
              case 'ArrowDown': return to(position + 1);
              case 'ArrowUp': return to(position - 1);
              case 'PageDown': return to(position + page);
              case 'PageUp': return to(position - page);
              case 'Home': return to(0);
              case 'End': return to(shown.length - 1);
              case 'ArrowLeft':
                if (view !== 'causes' || selected < 0) return;
                event.preventDefault();
                if (!collapsed[selected] && childCount[selected] > 0) toggle(selected);
                else if (parent[selected] >= 0) select(parent[selected], true);
                return;
              case 'ArrowRight':
                if (view === 'causes' && selected >= 0 && collapsed[selected]) { event.preventDefault(); toggle(selected); }
                return;
            }
          });
          let filterTimer = 0;
          filter.addEventListener('input', () => {
            clearTimeout(filterTimer);
            filterTimer = setTimeout(() => { applyFilter(filter.value); list.scrollTop = 0; render(); writeHash(); }, 120);
          });
          document.addEventListener('keydown', (event) => {
            if (event.key === '/' && document.activeElement !== filter) { event.preventDefault(); filter.focus(); }
            if (event.key === 'Escape' && document.activeElement === filter) {
              filter.value = ''; applyFilter(''); render(); writeHash(); list.focus();
            }
          });
          $('view-timeline').addEventListener('click', () => setView('timeline'));
          $('view-causes').addEventListener('click', () => setView('causes'));

          \#(Self.travelScript)
          // ---- First draw ----------------------------------------------------------------------------------
          document.title = visible(data.title) + ' — Aqueduct DevTools';
          const showSummary = () => {
            const span = n ? data.timeMicroseconds[n - 1] - data.timeMicroseconds[0] : 0;
            $('summary').textContent = formatNumber(n) + ' actions · ' + formatNumber(byKind[0]) + ' from outside, ' +
              formatNumber(byKind[1]) + ' bridged, ' + formatNumber(byKind[2]) + ' sent by effects, ' +
              formatNumber(byKind[3]) + ' dispatched during others · spanning ' + formatOffset(span).slice(1) +
              ' from ' + data.startTime +
              (sessionCount > 1 ? ' · ' + formatNumber(sessionCount) + ' sessions' : '') +
              (data.droppedCount > 0 ? ' · ' + formatNumber(data.droppedCount) + ' not recorded (see the gaps)' : '');
          };
          showSummary();
          const showWarning = (warning) => {
            const box = $('warnings');
            box.append(el('p', {}, 'Warning: ' + visible(warning)));
            box.hidden = false;
          };
          data.warnings.forEach(showWarning);
          const hash = new URLSearchParams(location.hash.slice(1));
          if (hash.get('filter')) filter.value = hash.get('filter');
          if (hash.get('seq') !== null) {
            const wantedSession = hash.get('session') === null ? -1 : Number(hash.get('session')) - 1;
            for (let i = 0; i < n; i++) {
              if (String(seq[i]) === hash.get('seq') && (wantedSession < 0 || data.session[i] === wantedSession)) {
                selected = i;
                break;
              }
            }
          }
          view = ['causes', 'features'].includes(hash.get('view')) ? hash.get('view') : 'timeline';
          $('view-timeline').setAttribute('aria-pressed', String(view === 'timeline'));
          $('view-causes').setAttribute('aria-pressed', String(view === 'causes'));
          $('view-features').setAttribute('aria-pressed', String(view === 'features'));
          list.setAttribute('role', view === 'timeline' ? 'listbox' : 'tree');
          applyFilter(filter.value);
          if (selected >= 0) scrollToRecord(selected, true);
          render();
          showDetails(selected);
          // ---- Live: the records from the server, as the app records them -------------------------------
          // `serve` sends this page without records: they arrive on its event stream of the same
          // origin (the whole recording first, then each record as it is written), are queued,
          // and are added to the columns a batch at a time; the indices, the filter's matches and
          // the timeline grow by the batch, never rebuilt (O(batch), not O(n)). Their text is
          // shown as the embedded data's is: with `textContent`, never as markup.
          if (data.live) {
            const indicator = $('live');
            const setLive = (state, text) => {
              document.body.dataset.live = state;
              indicator.className = state;
              indicator.textContent = text;
            };
            const stringIndex = new Map(S.map((text, k) => [text, k]));
            const intern = (text) => {
              let k = stringIndex.get(text);
              if (k === undefined) { k = S.length; S.push(text); stringIndex.set(text, k); }
              return k;
            };
            // The current session's records by seq: a number below 2^53, text beyond (as the server
            // sends it), so a key is never rounded and costs no string below.
            let bySeq = new Map();
            // Events wait in `pending` (from `pendingAt` on) as they came, unparsed, until the next
            // flush, which parses and adds them for at most FLUSH_MS (the rest a moment later, so
            // that a burst, such as the whole recording at first or what piled up while the
            // machine was busy, never holds the page for long); the list is drawn at the next
            // frame, once however many flushes ran before it.
            const FLUSH_MS = 12;
            let pending = [], pendingAt = 0, timer = 0, caughtUp = false, opened = false;
            let drawFrame = 0, followEnd = false;
            const marker = (markerKind, text) => {
              data.markerAt.push(data.seq.length);
              data.markerKind.push(markerKind);
              data.markerText.push(intern(text));
            };
            const add = (type, event) => {
              switch (type) {
                case 'session':
                  data.sessions.push(event.text);
                  bySeq = new Map();
                  marker(0, event.text);
                  return;
                case 'gap':
                  data.droppedCount += Number(event.dropped);
                  marker(1, event.text);
                  return;
                case 'reset':
                  bySeq = new Map();
                  marker(2, event.text);
                  return;
                case 'warning':
                  data.warnings.push(event.text);
                  showWarning(event.text);
                  return;
                case 'caught-up':
                  caughtUp = true;
                  return;
              }
              const i = data.seq.length;
              if (i === 0) {
                data.startEpochMilliseconds = Math.floor(event.time / 1000);
                data.startTime = new Date(data.startEpochMilliseconds).toISOString();
              }
              data.seq.push(event.seq);
              data.cause.push(event.cause);
              data.kind.push(event.kind);
              data.timeMicroseconds.push(event.time - data.startEpochMilliseconds * 1000);
              data.durationNanoseconds.push(Number(event.duration));
              data.action.push(intern(event.action));
              data.name.push(event.name === null || event.name === undefined ? -1 : intern(event.name));
              data.value.push(event.value === null ? -1 : intern(event.value));
              data.file.push(intern(event.file));
              data.function.push(intern(event.function));
              data.line.push(event.line);
              for (const text of event.info) data.info.push(intern(text));
              data.infoStart.push(data.info.length);
              for (const [path, before, after] of event.changes) {
                data.changePath.push(intern(path));
                data.changeBefore.push(before === null ? -1 : intern(before));
                data.changeAfter.push(after === null ? -1 : intern(after));
              }
              data.changeStart.push(data.changePath.length);
              if (event.truncated) truncated.add(i);
              if (event.skipped) skipped.add(i);
              appendCancellations(i, event, intern);
              const cause = event.kind > 0 ? bySeq.get(event.cause) : undefined;
              data.parent.push(cause === undefined ? -1 : cause);
              bySeq.set(event.seq, i);
              data.session.push(Math.max(0, data.sessions.length - 1));
            };
            // The list, at a frame: scrolled to its end if it was there, the new rows drawn (those
            // still in view kept), then the count published (tests and ReportLoad wait for it).
            const draw = () => {
              drawFrame = 0;
              if (followEnd) {
                followEnd = false;
                spacer.style.height = shown.length * ROW + 'px';
                list.scrollTop = shown.length * ROW;
              }
              render(true);
              document.body.dataset.count = String(n);
              if (caughtUp && document.body.dataset.live !== 'live') setLive('live', '● Live');
            };
            const flush = () => {
              timer = 0;
              const deadline = performance.now() + FLUSH_MS;
              // A list scrolled to its end stays there: new rows scroll into view.
              const following = followEnd || list.scrollTop + list.clientHeight >= shown.length * ROW - ROW;
              const records = n, markers = markerCount, sessions = sessionCount, wasSelected = selected;
              while (pendingAt < pending.length) {
                const [type, text] = pending[pendingAt++];
                add(type, JSON.parse(text));
                if ((pendingAt & 63) === 0 && performance.now() > deadline) break;
              }
              if (pendingAt === pending.length) { pending = []; pendingAt = 0; } else timer = setTimeout(flush, 0);
              if (data.seq.length !== records || data.markerAt.length !== markers) {
                index();
                appendShown(records, markers);
                followEnd = following;
                if (selected < 0 && n > 0) { selected = 0; showDetails(0); }
                // A tree view's rows show counts of what they hold; a second session adds its number.
                if (view !== 'timeline' || sessionCount !== sessions || selected !== wasSelected) rowsStale = true;
                showSummary();
                showStatus(0);
              }
              if (!drawFrame) drawFrame = requestAnimationFrame(draw);
            };
            const source = new EventSource('/events' + location.search);
            for (const type of ['session', 'gap', 'reset', 'warning', 'caught-up', 'record']) {
              source.addEventListener(type, (message) => {
                pending.push([type, message.data]);
                if (!timer) timer = setTimeout(flush, 40);
              });
            }
            // A stream that opens again after a drop starts from the recording's beginning:
            // start the page again with it.
            source.addEventListener('hello', () => {
              if (opened) { location.reload(); return; }
              opened = true;
              setLive('loading', 'Loading…');
            });
            source.addEventListener('error', () => {
              if (source.readyState === EventSource.CLOSED) {
                setLive('stopped', 'Stopped: the server is gone or refused the page (reload to try again)');
              } else {
                setLive('reconnecting', 'Disconnected: reconnecting…');
              }
            });
            document.body.dataset.count = '0';
            setLive('connecting', 'Connecting…');
          }
          // Ready: the script is done. Loaded: the first frame after it is painted, which
          // includes the layout of what the script drew (ReportLoad reports both).
          const ready = performance.now();
          document.body.dataset.scriptMs = String(Math.round(ready - scriptStarted));
          document.body.dataset.ready = 'true';
          const showStatus = (loaded) => {
            $('status').textContent = (data.live
              ? formatNumber(n) + ' actions from ' + visible(data.recordingName) + ', served live by AqueductDevTools'
              : 'Loaded ' + formatNumber(n) + ' actions from ' + visible(data.recordingName) +
                ' in ' + formatNumber(Math.round(loaded)) + ' ms · generated ' + data.generated + ' by AqueductDevTools') +
              ' · ↑↓ to move, ←→ to fold in Causes, / to filter';
          };
          showStatus(ready);
          requestAnimationFrame(() => setTimeout(() => {
            const loaded = performance.now();
            document.body.dataset.loadMs = String(Math.round(loaded));
            showStatus(loaded);
          }, 0));
        })();

        """#
}
