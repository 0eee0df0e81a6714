/*
 * form.js - the board form of the page's settings: showing rules in it,
 * reading it with each wrong field marked and said why (mnkStore checks
 * the numbers), the presets, and its events. What to do with rules that
 * are right is app.js's (the `apply` given to wire).
 */
'use strict';

const mnkForm = (() => {
  const $ = (id) => document.getElementById(id);
  const { rulesKey } = mnkView;

  /* The preset that names these rules, or 'custom'. */
  function presetOf(r) {
    const key = rulesKey(r);
    return [...$('preset').options].some((o) => o.value === key) ? key : 'custom';
  }

  function show(r) {
    $('rule-m').value = r.m;
    $('rule-n').value = r.n;
    $('rule-k').value = r.k;
    $('rule-exact').value = r.exact ? 'exact' : 'freestyle';
    $('preset').value = presetOf(r);
  }

  function showErrors(errors) {
    for (const f of mnkStore.RULE_FIELDS) {
      const el = $(f.id);
      if (errors[f.key]) {
        el.setAttribute('aria-invalid', 'true');
        el.setAttribute('aria-describedby', 'rules-error');
      } else {
        el.removeAttribute('aria-invalid');
        el.removeAttribute('aria-describedby');
      }
    }
    const text = mnkStore.RULE_FIELDS.filter((f) => errors[f.key]).map((f) => errors[f.key]).join(' ');
    if ($('rules-error').textContent !== text) $('rules-error').textContent = text;
  }

  /* Reads the form (mnkStore.RULE_FIELDS), marks each wrong field
   * (aria-invalid, and aria-describedby to the words that say why) and
   * returns the rules, or null when a field is wrong (the first of them
   * focused when `focus`). */
  function read({ focus = false } = {}) {
    const fields = {};
    for (const f of mnkStore.RULE_FIELDS) {
      const el = $(f.id);
      fields[f.key] = { text: el.value, badInput: el.validity.badInput };
    }
    const { rules, errors } = mnkStore.checkRules(fields);
    showErrors(errors);
    if (Object.keys(errors).length) {
      const bad = mnkStore.RULE_FIELDS.find((f) => errors[f.key]);
      if (focus && bad) $(bad.id).focus();
      return null;
    }
    /* The rule's choice cannot be wrong: it joins the numbers as they are. */
    return { ...rules, exact: $('rule-exact').value === 'exact' };
  }

  /* Says why rules the engine refused do not work, or clears that. */
  function refused(message) {
    $('rules-error').textContent = message ? `These rules do not work: ${message}.` : '';
  }

  /* The form's events: `apply` is called to start a board from the form
   * (submit, or a preset chosen). */
  function wire(apply) {
    for (const f of mnkStore.RULE_FIELDS)
      $(f.id).addEventListener('input', () => {
        $('preset').value = 'custom';
        if ($('rules-error').textContent) read();
      });
    $('preset').addEventListener('change', (e) => {
      if (e.target.value === 'custom') {
        $('rule-m').focus();
        return;
      }
      const [m, n, k, rule] = e.target.value.split(',');
      show({ m, n, k, exact: rule === 'exact' });
      apply();
    });
    $('rule-exact').addEventListener('change', () => {
      $('preset').value = presetOf({ m: $('rule-m').value, n: $('rule-n').value, k: $('rule-k').value, exact: $('rule-exact').value === 'exact' });
    });
    $('rules-form').addEventListener('submit', (e) => {
      e.preventDefault();
      apply();
    });
  }

  return { show, read, refused, wire };
})();
