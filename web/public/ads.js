/* global document */
// Named like an ad script on purpose: ad blockers refuse to load it, so a missing #ad-marker means one is active.
(function () {
  var marker = document.createElement('div');
  marker.id = 'ad-marker';
  marker.hidden = true;
  document.body.appendChild(marker);
})();
