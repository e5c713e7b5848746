/**
 * The page frame's behaviour in plain script, so pages without an island load no framework
 * JavaScript. The constants: header shadow after 50 px, reveal at 150 px from the viewport bottom,
 * hash scroll after 100 ms, mobile menu below 768 px.
 */
export const HEADER_SHADOW_AFTER_PX = 50;
export const REVEAL_OFFSET_PX = 150;
export const HASH_SCROLL_DELAY_MS = 100;
const MOBILE_BREAKPOINT_PX = 768;

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function headerShadow(): void {
  const header = document.querySelector<HTMLElement>("[data-header]");
  if (!header) return;
  const update = () => header.toggleAttribute("data-scrolled", window.scrollY > HEADER_SHADOW_AFTER_PX);
  window.addEventListener("scroll", update, { passive: true });
  update();
}

function setExpanded(button: HTMLElement, open: boolean): void {
  button.setAttribute("aria-expanded", String(open));
}

/** Desktop Services dropdown: hover opens (CSS and here), the button toggles, Escape closes. */
function dropdowns(): void {
  for (const item of document.querySelectorAll<HTMLElement>("[data-dropdown]")) {
    const button = item.querySelector<HTMLButtonElement>("[data-dropdown-toggle]");
    if (!button) continue;
    const set = (open: boolean) => {
      item.toggleAttribute("data-open", open);
      setExpanded(button, open);
    };
    item.addEventListener("mouseenter", () => setExpanded(button, true));
    item.addEventListener("mouseleave", () => {
      if (!item.contains(document.activeElement)) set(false);
      else setExpanded(button, item.hasAttribute("data-open"));
    });
    button.addEventListener("click", () => set(!item.hasAttribute("data-open")));
    item.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && (item.hasAttribute("data-open") || item.matches(":focus-within"))) {
        set(false);
        button.focus();
      }
    });
    item.addEventListener("focusout", (event) => {
      const next = event.relatedTarget;
      if (!(next instanceof Node) || !item.contains(next)) set(false);
    });
  }
}

/** Mobile menu: the button toggles the panel; Services expands inline; any link closes the panel. */
function mobileMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>("[data-mobile-toggle]");
  const panel = document.querySelector<HTMLElement>("[data-mobile-menu]");
  if (!toggle || !panel) return;
  const set = (open: boolean) => {
    panel.hidden = !open;
    setExpanded(toggle, open);
  };
  toggle.addEventListener("click", () => set(toggle.getAttribute("aria-expanded") !== "true"));
  panel.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a")) set(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) {
      set(false);
      toggle.focus();
    }
  });
  window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`).addEventListener("change", (event) => {
    if (event.matches) set(false);
  });
  for (const sub of panel.querySelectorAll<HTMLButtonElement>("[data-mobile-sub-toggle]")) {
    const list = document.getElementById(sub.getAttribute("aria-controls") ?? "");
    if (!list) continue;
    sub.addEventListener("click", () => {
      list.hidden = !list.hidden;
      setExpanded(sub, !list.hidden);
    });
  }
  // A page restored from the back/forward cache must not come back with the menu open.
  window.addEventListener("pageshow", () => set(false));
}

/** Smoothly scroll to the element the URL hash names, after 100 ms. */
function hashScroll(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (!id) return;
  const target = document.getElementById(id);
  if (!target) return;
  window.setTimeout(() => {
    target.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
  }, HASH_SCROLL_DELAY_MS);
}

/** Scroll reveal: elements still below the line fade in as their top comes within 150 px of the bottom. */
function scrollReveal(): void {
  if (reducedMotion() || !("IntersectionObserver" in window)) return;
  const line = window.innerHeight - REVEAL_OFFSET_PX;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting || entry.boundingClientRect.top < (entry.rootBounds?.bottom ?? line)) {
          entry.target.classList.remove("reveal-pending");
          observer.unobserve(entry.target);
        }
      }
    },
    { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
  );
  for (const el of document.querySelectorAll<HTMLElement>("[data-reveal]")) {
    if (el.getBoundingClientRect().top < line) continue;
    el.classList.add("reveal-pending");
    observer.observe(el);
  }
}

function currentYear(): void {
  const year = String(new Date().getFullYear());
  for (const el of document.querySelectorAll("[data-current-year]")) el.textContent = year;
}

export function initFrame(): void {
  headerShadow();
  dropdowns();
  mobileMenu();
  hashScroll();
  scrollReveal();
  currentYear();
}
