#!/usr/bin/env python3
"""A small extractor for the tests, on Python's standard library only: reads a page's
HTML on standard input and writes the text of its blocks, one per line.

With --hog MIB, a page holding the word HOGPAGE makes it hold MIB mebibytes of memory
(written, so resident) and wait, as a tool that runs away on one page would."""
import html.parser
import sys
import time

BLOCKS = {"p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th", "tr", "br", "blockquote", "pre",
          "article", "section", "title"}
SKIP = {"script", "style", "noscript"}


class Blocks(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines, self.cur, self.skip = [], [], 0

    def flush(self):
        line = " ".join(" ".join(self.cur).split())
        if line:
            self.lines.append(line)
        self.cur = []

    def handle_starttag(self, tag, attrs):
        if tag in SKIP:
            self.skip += 1
        elif tag in BLOCKS:
            self.flush()

    def handle_endtag(self, tag):
        if tag in SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag in BLOCKS:
            self.flush()

    def handle_data(self, data):
        if not self.skip:
            self.cur.append(data)


def main():
    page = sys.stdin.buffer.read().decode("utf-8", "replace")
    if "--hog" in sys.argv and "HOGPAGE" in page:
        mib = int(sys.argv[sys.argv.index("--hog") + 1])
        held = [b"x" * (1 << 20) for _ in range(mib)]  # written: resident
        time.sleep(60)
        del held
    p = Blocks()
    p.feed(page)
    p.close()
    p.flush()
    sys.stdout.write("\n".join(p.lines) + "\n")


if __name__ == "__main__":
    main()
