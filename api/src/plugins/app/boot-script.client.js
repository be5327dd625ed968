(options) => {
  const d = document;
  let tapped = null;

  const live = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

  const replay = () => {
    if (!tapped) return;
    if (!tapped.isConnected) {
      tapped = null;
      return;
    }
    if (!live(tapped)) {
      setTimeout(replay, options.tapReplayPollMs);
      return;
    }
    const target = tapped;
    tapped = null;
    target.removeAttribute('aria-busy');
    if (target.isConnected) target.click();
  };

  d.addEventListener(
    'click',
    (event) => {
      const target = event.target?.closest?.(options.tapReplaySelector);
      if (!target || live(target)) return;
      event.preventDefault();
      event.stopPropagation();
      const waiting = tapped;
      tapped = target;
      target.setAttribute('aria-busy', 'true');
      if (!waiting) replay();
    },
    true,
  );

  let config;
  try {
    config = JSON.parse(d.getElementById('boot-config').textContent);
  } catch (_error) {
    return;
  }
  const host = config.scripts || [];
  const preloads = config.preloads || [];

  // On a slow link, lazy photos wait for the host's scripts: they would share the bandwidth with them.
  const connection = navigator.connection;
  const slow =
    host.length > 0 &&
    !!connection &&
    (connection.saveData || options.slowConnections.includes(connection.effectiveType));
  const held = [];
  const hold = (img) => {
    if (img.tagName !== 'IMG' || img.getAttribute('loading') !== 'lazy') return;
    for (const name of ['srcset', 'src']) {
      const value = img.getAttribute(name);
      if (value === null) continue;
      img.setAttribute(`data-boot-${name}`, value);
      img.removeAttribute(name);
    }
    held.push(img);
  };
  const watcher = slow
    ? new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes) {
            if (node.nodeType !== 1) continue;
            hold(node);
            for (const img of node.querySelectorAll('img[loading="lazy"]')) hold(img);
          }
      })
    : null;
  watcher?.observe(d.documentElement, { childList: true, subtree: true });
  const release = () => {
    if (!watcher) return;
    watcher.disconnect();
    for (const img of held.splice(0)) {
      for (const name of ['srcset', 'src']) {
        const value = img.getAttribute(`data-boot-${name}`);
        if (value === null) continue;
        img.removeAttribute(`data-boot-${name}`);
        img.setAttribute(name, value);
      }
    }
  };
  let parsed = false;
  let started = false;
  let painted = false;
  let photoDone = false;
  let observed = true;

  const preload = (entry) => {
    const link = d.createElement('link');
    link.rel = 'preload';
    link.href = entry.href;
    link.as = entry.as;
    if (entry.crossOrigin) link.crossOrigin = entry.crossOrigin;
    if (entry.fetchPriority) link.setAttribute('fetchpriority', entry.fetchPriority);
    d.head.appendChild(link);
  };
  for (const href of host) preload({ href, as: 'script', fetchPriority: 'low' });
  for (const entry of preloads) preload(entry);

  const start = () => {
    if (started || !parsed) return;
    started = true;
    performance.mark?.('campus:boot');
    host.forEach((src, index) => {
      const script = d.createElement('script');
      script.src = src;
      script.async = false;
      if (index === host.length - 1) {
        script.addEventListener('load', release);
        script.addEventListener('error', release);
      }
      d.head.appendChild(script);
    });
  };
  const check = () => {
    if (painted && photoDone) start();
  };
  const done = () => {
    photoDone = true;
    check();
  };
  const loaded = () => setTimeout(done, options.photoPaintWaitMs);

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') painted = true;
      check();
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.element?.getAttribute('fetchpriority') === 'high') photoDone = true;
      }
      check();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (_error) {
    observed = false;
  }

  const onParsed = () => {
    parsed = true;
    if (d.hidden) {
      start();
      return;
    }
    const photo = d.querySelector('img[fetchpriority="high"]');
    if (!photo || !(photo.getAttribute('src') || photo.getAttribute('srcset'))) photoDone = true;
    else {
      photo.addEventListener('error', done);
      if (photo.complete) loaded();
      else photo.addEventListener('load', loaded);
    }
    if (!observed) {
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          painted = true;
          check();
        }),
      );
    }
    check();
    setTimeout(start, options.fallbackMs);
  };
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', onParsed);
  else onParsed();
};
