"use client";

import { type ComponentType, type ReactNode, useEffect, useState } from "react";

/**
 * A component whose code is fetched when it is first rendered, and kept: `fallback` is drawn until it has arrived.
 * Not React.lazy or next/dynamic: content that arrives after a Suspense fallback has shown is held back by React until
 * 300 ms after that fallback, a wait a person feels each time they first open a module or a menu.
 */
export function onFirstUse<P extends object>(load: () => Promise<ComponentType<P>>, fallback: (props: P) => ReactNode): (props: P) => ReactNode {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchOnce = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  return function FirstUse(props: P) {
    const [Loaded, setLoaded] = useState<ComponentType<P> | undefined>(() => loaded);
    if (!Loaded) void fetchOnce();
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      void fetchOnce().then((component) => live && setLoaded(() => component));
      return () => {
        live = false;
      };
    }, [Loaded]);
    return Loaded ? <Loaded {...props} /> : fallback(props);
  };
}
