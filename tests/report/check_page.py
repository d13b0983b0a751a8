#!/usr/bin/env python3
"""check_page.py: checks of a study's page (OUT/index.html) for tests/report/browser.sh.

  check_page.py links PAGE         every href and src of PAGE is a file or folder inside PAGE's
                                   folder, or an anchor of PAGE; none is external (a scheme such
                                   as http:, or //host); the style loads nothing (no url(),
                                   no @import)
  check_page.py log PAGE LOG       Chromium's log (--enable-logging=stderr
                                   --vmodule=file_url_loader_factory=1) has no console message
                                   and every file it loaded is there, inside PAGE's folder
  check_page.py dom PAGE DOM       the DOM after load (chromium --dump-dom) says every figure
                                   loaded (body's data-figures="N/N", N the images of PAGE) and
                                   the script made every sortable table sortable

Each prints what it checked, or one line per fault on stderr and exits 1.
"""
import html.parser
import os
import re
import sys
import urllib.parse


class Page(html.parser.HTMLParser):
    """The URLs, ids, images, sortable tables and style text of a page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.urls, self.ids, self.images, self.sortable = [], set(), 0, 0
        self.style, self.in_style = "", False

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src", "srcset", "action", "data", "poster", "formaction"):
                self.urls.append((tag, name, value or ""))
            if name == "id":
                self.ids.add(value)
            if name == "class" and tag == "table" and "sortable" in (value or "").split():
                self.sortable += 1
        self.images += tag == "img"
        self.in_style = tag == "style"

    def handle_endtag(self, tag):
        self.in_style = False

    def handle_data(self, data):
        if self.in_style:
            self.style += data


def read_page(path):
    page = Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    page.close()
    return page


def inside(folder, path):
    """1 when path (resolved) is folder or lies under it."""
    folder, path = os.path.realpath(folder), os.path.realpath(path)
    return path == folder or path.startswith(folder + os.sep)


def check_url(folder, page, tag, attr, url):
    """The fault of one URL of the page, or None."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("//"):
        return f"<{tag} {attr}> '{url}' is external"
    if not parts.path:
        if parts.fragment and parts.fragment not in page.ids:
            return f"<{tag} {attr}> '{url}': no such id"
        return None
    target = os.path.join(folder, urllib.parse.unquote(parts.path))
    if not inside(folder, target):
        return f"<{tag} {attr}> '{url}' leaves the folder"
    if not os.path.exists(target):
        return f"<{tag} {attr}> '{url}' does not exist"
    return None


def links(path):
    folder, page = os.path.dirname(os.path.abspath(path)), read_page(path)
    faults = [f for f in (check_url(folder, page, *u) for u in page.urls) if f]
    if re.search(r"url\s*\(|@import", page.style):
        faults.append("the style loads something (url() or @import)")
    files = sum(1 for t, a, u in page.urls if not u.startswith("#"))
    if files == 0 or page.images == 0:
        faults.append(f"{files} links to files and {page.images} images: not a study's page")
    return faults, f"{len(page.urls)} URLs ({files} to files, {page.images} images) resolve"


LOADED = re.compile(r"FileURLLoader::Start: (\S+)")
CONSOLE = re.compile(r":CONSOLE[:(]")


def log(path, logfile):
    folder, faults, loaded = os.path.dirname(os.path.abspath(path)), [], 0
    with open(logfile, encoding="utf-8", errors="replace") as f:
        for line in f:
            if CONSOLE.search(line):
                faults.append("console: " + line.split("] ", 1)[-1].strip())
            m = LOADED.search(line)
            if m is None:
                continue
            loaded += 1
            url = urllib.parse.urlsplit(m.group(1))
            target = urllib.parse.unquote(url.path)
            if url.scheme != "file" or not inside(folder, target):
                faults.append(f"loaded from outside the folder: {m.group(1)}")
            elif not os.path.isfile(target):
                faults.append(f"failed to load (no such file): {m.group(1)}")
    if loaded == 0:
        faults.append("the log names no file loaded (was --vmodule=file_url_loader_factory=1 given?)")
    return faults, f"no console message; the {loaded} files the browser loaded are there"


def dom(path, domfile):
    page, faults = read_page(path), []
    with open(domfile, encoding="utf-8", errors="replace") as f:
        text = f.read()
    figures = re.search(r'<body[^>]*data-figures="(\d+)/(\d+)"', text)
    if figures is None:
        faults.append("the page's script did not run: no data-figures on body")
    elif figures.group(1) != figures.group(2) or int(figures.group(2)) != page.images:
        faults.append(f"figures loaded: {figures.group(1)} of {figures.group(2)}, the page has "
                      f"{page.images} images")
    sortable = len(re.findall(r'data-sortable="on"', text))
    if sortable != page.sortable:
        faults.append(f"{sortable} of {page.sortable} sortable tables made sortable")
    return faults, f"every figure loaded; {sortable} sortable tables"


def main(argv):
    checks = {"links": (links, 3), "log": (log, 4), "dom": (dom, 4)}
    if len(argv) < 2 or argv[1] not in checks or len(argv) != checks[argv[1]][1]:
        sys.stderr.write(__doc__)
        return 2
    faults, summary = checks[argv[1]][0](*argv[2:])
    for f in faults:
        print(f"check_page.py {argv[1]}: {f}", file=sys.stderr)
    if not faults:
        print(f"check_page.py {argv[1]}: {summary}")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
