// A minimal VPAID 2.0 linear ad unit, as an advertiser would upload it (the demo's VPAID creative, and
// the one the player journey uploads): it plays the video its AdParameters name in the player's video slot and reports what happens through VPAID events, never
// calling a tracking URL itself (the player fires the VAST trackers on these events). A click on the ad
// is a click-through the player handles; a click while paused resumes.
// biome-ignore-all lint: a plain browser script in the style of uploaded VPAID creatives
window.getVPAIDAd = function () {
  var listeners = {};
  var video;
  var slot;
  var layer;
  var quartiles = [
    [0.25, 'AdVideoFirstQuartile'],
    [0.5, 'AdVideoMidpoint'],
    [0.75, 'AdVideoThirdQuartile'],
  ];
  var sent = {};
  var emit = function (name, a, b, c) {
    var list = listeners[name] || [];
    for (var i = 0; i < list.length; i++) list[i].fn.call(list[i].context, a, b, c);
  };
  var once = function (name) {
    if (sent[name]) return;
    sent[name] = true;
    emit(name);
  };
  var stop = function () {
    if (layer && layer.parentNode) layer.parentNode.removeChild(layer);
    once('AdStopped');
  };
  return {
    handshakeVersion: function () {
      return '2.0';
    },
    initAd: function (width, height, viewMode, bitrate, creativeData, environmentVars) {
      var parameters = JSON.parse(creativeData.AdParameters);
      video = environmentVars.videoSlot;
      slot = environmentVars.slot;
      video.src = parameters.videos[0].url;
      video.muted = true;
      layer = document.createElement('div');
      layer.className = 'vpaid-click';
      layer.style.cssText = 'position:absolute;inset:0;z-index:10;cursor:pointer';
      layer.addEventListener('click', function () {
        if (video.paused) video.play();
        else emit('AdClickThru', null, 'adconsole', true);
      });
      (slot || video.parentNode).appendChild(layer);
      video.addEventListener('timeupdate', function () {
        if (!video.duration) return;
        for (var i = 0; i < quartiles.length; i++)
          if (video.currentTime / video.duration >= quartiles[i][0]) once(quartiles[i][1]);
      });
      video.addEventListener('ended', function () {
        once('AdVideoComplete');
        stop();
      });
      emit('AdLoaded');
    },
    // AdStarted answers startAd at once (VPAID 2.0: the unit has started and shows), never after the
    // video has loaded: a player gives startAd a few seconds (Fluid Player 3) and otherwise abandons the
    // ad with error 901, its slot and this layer with it, as happened on a slow host. The impression and
    // the video's start follow when the video really plays.
    startAd: function () {
      video.addEventListener('playing', function () {
        once('AdImpression');
        once('AdVideoStart');
      });
      once('AdStarted');
      var played = video.play();
      if (played && played.catch) played.catch(function () {});
    },
    stopAd: stop,
    skipAd: stop,
    resizeAd: function () {},
    pauseAd: function () {
      video.pause();
      emit('AdPaused');
    },
    resumeAd: function () {
      video.play();
      emit('AdPlaying');
    },
    expandAd: function () {},
    collapseAd: function () {},
    getAdLinear: function () {
      return true;
    },
    getAdRemainingTime: function () {
      return video && video.duration ? video.duration - video.currentTime : -1;
    },
    getAdDuration: function () {
      return video && video.duration ? video.duration : -1;
    },
    getAdVolume: function () {
      return video ? (video.muted ? 0 : video.volume) : 0;
    },
    setAdVolume: function (value) {
      if (video) video.volume = value;
    },
    getAdSkippableState: function () {
      return false;
    },
    subscribe: function (fn, name, context) {
      (listeners[name] = listeners[name] || []).push({ fn: fn, context: context });
    },
    unsubscribe: function (fn, name) {
      listeners[name] = (listeners[name] || []).filter(function (entry) {
        return entry.fn !== fn;
      });
    },
  };
};
