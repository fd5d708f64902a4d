#!/usr/bin/env python3
"""Writes the corpus-format test fixtures of tests/fixtures/corpora/ (run from the
repository root). Every file is made up here; none comes from the data sets."""
import gzip, json, os
F = "tests/fixtures/corpora"
def w(p, data, mode="w"):
    os.makedirs(os.path.dirname(p), exist_ok=True)
    if isinstance(data, str): data = data.encode("utf-8")
    open(p, "wb").write(data)
def gz(p, text):
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "wb") as f:
        # mtime 0: reproducible bytes
        with gzip.GzipFile(fileobj=f, mode="wb", mtime=0) as g: g.write(text.encode("utf-8"))
# Scrapinghub article-extraction-benchmark layout
S = F + "/scrapinghub"
ids = ["0a1f", "1b2e", "2c3d"]
gt = {
  "0a1f": {"articleBody": "The first article body.\nIt has two paragraphs of text here.", "url": "http://a.example/1"},
  "1b2e": {"articleBody": "Ein zweiter Artikel über Straßenbahnen in München.", "url": "http://b.example/2"},
  "2c3d": {"url": "http://c.example/3"},
  "3d4c": {"articleBody": "Short one", "url": "http://d.example/4"},
  "4e5f": {"articleBody": "A longer article that repeats a phrase, a longer article that repeats.", "url": "http://e.example/5"},
  "5f6a": {"articleBody": "Ελληνικό κείμενο άρθρου με λέξεις.", "url": "http://f.example/6"},
}
w(S + "/ground-truth.json", json.dumps(gt, ensure_ascii=False, indent=2))
pages = {
  "0a1f": "<html><head><title>One</title></head><body><div>menu</div><p>The first article body.</p><p>It has two paragraphs of text here.</p></body></html>",
  "1b2e": "<html><head><meta charset='utf-8'></head><body><p>Ein zweiter Artikel über Straßenbahnen in München.</p><div>Impressum</div></body></html>",
  "2c3d": "<html><body><p>No article here</p></body></html>",
  "9z9z": "<html><body><p>a page without ground truth</p></body></html>",
  "3d4c": "<html><body><p>Short one</p></body></html>",
  "4e5f": "<html><body><p>A longer article that repeats a phrase, a longer article that repeats.</p></body></html>",
  "5f6a": "<html><body><p>Ελληνικό κείμενο άρθρου με λέξεις.</p></body></html>",
}
for k, v in pages.items(): gz(S + f"/html/{k}.html.gz", v)
w(S + "/output/sysA.json", json.dumps({"version": "1.0", "output": {
  "0a1f": {"articleBody": "The first article body.\nIt has two paragraphs of text here."},
  "1b2e": {"articleBody": "Ein zweiter Artikel über Straßenbahnen."},
  "2c3d": {"articleBody": ""},
  "3d4c": {"articleBody": "Short one"},
  "4e5f": {"articleBody": "A longer article that repeats a phrase."},
  "5f6a": {"articleBody": "Ελληνικό κείμενο άρθρου με λέξεις. Διαφήμιση"}}}, ensure_ascii=False, indent=1))
w(S + "/output/sysB.json", json.dumps({
  "0a1f": {"articleBody": "menu The first article body. It has two paragraphs of text here. footer"},
  "1b2e": {},
  "2c3d": {"articleBody": "No article here"},
  "3d4c": {"articleBody": "Short"},
  "4e5f": {"articleBody": "a longer article that repeats a phrase, a longer article that repeats."},
  "5f6a": {"articleBody": "Διαφήμιση"}}, ensure_ascii=False, indent=1))
# WCEB converted datasets (datasets/combined)
W = F + "/wceb/combined"
w(W + "/ground-truth/dsa.jsonl",
  json.dumps({"page_id": "aa11", "plaintext": "Alpha main text.\nSecond line.", "url": "http://a/1", "source": ["dsa", "p1"]}, ensure_ascii=False) + "\n" +
  json.dumps({"page_id": "aa22", "plaintext": "Beta text.", "source": ["dsa", "p2"]}) + "\n")
w(W + "/ground-truth/dsb.jsonl",
  json.dumps({"page_id": "bb11", "plaintext": None, "source": ["dsb", "q1"]}) + "\n")
w(W + "/html/dsa/aa11.html", "<html><head><meta charset='windows-1252'></head><body><p>Alpha main text.</p><p>Second line.</p><p>Ünïcödé</p></body></html>")
w(W + "/html/dsa/aa22.html", "<html><body><p>Beta text.</p><div>nav</div></body></html>")
w(W + "/html/dsb/bb11.html", "<html><body><div>only boilerplate</div></body></html>")
w(F + "/wceb/model.jsonl",
  json.dumps({"page_id": "aa11", "plaintext": "Alpha main text.", "model": "m"}) + "\n" +
  json.dumps({"page_id": "aa22", "plaintext": None, "model": "m"}) + "\n" +
  json.dumps({"page_id": "bb11", "plaintext": "", "model": "m"}) + "\n")
# L3S-GN1
L = F + "/l3s-gn1"
w(L + "/original/a.html", "<html><body><h1>Headline</h1><div>Menu</div><p>Body text one.</p><p>Body <b>two</b>.</p><p>Comment</p></body></html>")
w(L + "/annotated/a.html",
  "<html><body>"
  "<h1><span class=\"x-nc-sel1\"> Headline </span></h1>"
  "<div><span class=\"x-nc-sel0\">Menu</span></div>"
  "<p><span class=\"x-nc-sel2\">Body text one.</span></p>"
  "<p><span class=\"x-nc-sel2\">Body <b>two</b>.</span></p>"
  "<p><em><span class='other x-nc-sel3'>Caption\u00a0</span></em></p>"
  "<p><span class=\"x-nc-sel4\">A reader comment</span></p>"
  "<div><span class=\"x-nc-sel5\">Related link</span></div>"
  "</body></html>")
w(L + "/original/b.html", "<html><body><p>No annotation</p></body></html>")
w(L + "/annotated/b.html", "<html><body><p><span class=\"x-nc-sel0\">No annotation</span></p></body></html>")
# Dragnet
D = F + "/dragnet"
w(D + "/HTML/a.html", "<html><body><p>Story text.</p><div>Comments: nice story</div></body></html>")
w(D + "/HTML/b.html", "<html><body><p>Only a story.</p></body></html>")
w(D + "/Corrected/a.html.corrected.txt", "Story text.\nMore story.\n\n!@#$%^&*()  COMMENTS\n\nnice story\ngreat\n")
w(D + "/Corrected/b.html.corrected.txt", "Only a story.\n")
# CleanPortalEval
P = F + "/cleanportaleval"
w(P + "/input/p1.html", "<text id=\"p1\" title=\"Portal\" encoding=\"UTF-8\">\n<html><body><div>Portal nav</div><p>Portal content.</p></body></html>\n</text>\n")
w(P + "/GoldStandard/p1.txt", "URL: http://portal.example/p1\n<p>Portal content.\n")
w(P + "/input/p2.html", "<html><body><p>Second portal page.</p></body></html>")
w(P + "/GoldStandard/p2.txt", "<p>Second portal page.\n")
# CleanEval 2007 as commonly mirrored: input/ + GoldStandard/
C = F + "/cleaneval2007-mirror"
w(C + "/input/7.html", "<text id=\"7\" title=\"Seven\" encoding=\"windows-1252\">\n<html><body><p>Caf\xe9 seven</p></body></html>\n</text>\n".encode("latin-1"))
w(C + "/GoldStandard/7.txt", "URL: http://seven.example/\n<p>Café seven\n")
w(C + "/input/12.html", "<text id=\"12\" title=\"Twelve\">\n<html><body><p>Twelve</p></body></html>\n</text>\n")
w(C + "/GoldStandard/12.txt", "URL: http://twelve.example/\n<p>Twelve\n")
# JSONL
J = F + "/jsonl"
w(J + "/corpus.jsonl",
  json.dumps({"id": "d1", "html": "<html><body><p>First document.</p><div>nav</div></body></html>", "gold": "First document.", "lang": "en"}) + "\n" +
  "\n" +
  json.dumps({"id": 2, "html": "<html><body><p>Zweites Dokument.</p></body></html>", "text": "Zweites Dokument.", "language": "de", "url": "http://d/2"}, ensure_ascii=False) + "\n" +
  json.dumps({"page_id": "d3", "html": "<html><body><p>No gold.</p></body></html>"}) + "\n")
