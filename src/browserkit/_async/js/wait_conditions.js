// Whether the page shows text, no longer shows gone, and matches sel (each
// null when not asked). innerText: display:none text does not count, but
// visually-hidden status text does.
([text, gone, sel]) => {
  const body = document.body ? document.body.innerText : '';
  if (text !== null && !body.includes(text)) return false;
  if (gone !== null && body.includes(gone)) return false;
  if (sel !== null && !document.querySelector(sel)) return false;
  return true;
}
