"""JTP: jusText, the real Python package (pip install justext), behind detour's extractor
protocol (docs/adapters.md). Calls justext.justext(html, justext.get_stoplist(LANGUAGE))
with the stoplist of the page's language and jusText's default thresholds, and answers
the paragraphs jusText keeps (not is_boilerplate) as HTML: <h2> for those it marks as
headings (paragraph.heading, its command line's <h>), <p> for the others, the text
escaped so that it reaches detour unaltered.

A page whose language has no jusText stoplist (Chinese, say), or no language, is done in
jusText's language-independent mode (an empty stoplist, stopwords_low = stopwords_high =
0, as its command line does without a stoplist); the page's note `stoplist` says which."""
import html
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from detour_serve import serve  # noqa: E402
import justext  # noqa: E402
import justext.core as jt  # noqa: E402
import lxml.etree  # noqa: E402

# ISO 639-1 code -> jusText stoplist name, for the stoplists jusText ships.
LANGUAGES = dict(pair.split(":") for pair in """
af:Afrikaans sq:Albanian ar:Arabic an:Aragonese hy:Armenian az:Azerbaijani eu:Basque be:Belarusian bn:Bengali
bs:Bosnian br:Breton bg:Bulgarian ca:Catalan cv:Chuvash hr:Croatian cs:Czech da:Danish nl:Dutch en:English
eo:Esperanto et:Estonian fi:Finnish fr:French gl:Galician ka:Georgian de:German el:Greek gu:Gujarati ht:Haitian
he:Hebrew hi:Hindi hu:Hungarian is:Icelandic io:Ido ig:Igbo id:Indonesian ga:Irish it:Italian jv:Javanese
kn:Kannada kk:Kazakh ko:Korean ku:Kurdish ky:Kyrgyz la:Latin lv:Latvian lt:Lithuanian lb:Luxembourgish
mk:Macedonian ms:Malay ml:Malayalam mt:Maltese mr:Marathi ne:Nepali nb:Norwegian_Bokmal no:Norwegian_Bokmal
nn:Norwegian_Nynorsk oc:Occitan fa:Persian pl:Polish pt:Portuguese qu:Quechua ro:Romanian ru:Russian sr:Serbian
sh:Serbo_Croatian sk:Slovak sl:Slovenian es:Spanish su:Sundanese sw:Swahili sv:Swedish tl:Tagalog ta:Tamil
te:Telugu tr:Turkish tk:Turkmen uk:Ukrainian ur:Urdu uz:Uzbek vi:Vietnamese vo:Volapuk wa:Walloon cy:Welsh
fy:West_Frisian yo:Yoruba""".split())
SHIPPED = justext.get_stoplists()
LXML = ".".join(str(p) for p in lxml.etree.LXML_VERSION[:3])


def stoplist_name(setting, lang):
    """The jusText stoplist to use ("" for none) for a page of language lang."""
    if setting == "none":
        return ""
    if setting != "page-language":
        if setting not in SHIPPED:
            raise ValueError("stoplist %r: not page-language, none, nor one of the names of "
                             "justext.get_stoplists() (English, German, ...)" % setting)
        return setting
    name = LANGUAGES.get(lang.lower().split("-")[0], "")
    return name if name in SHIPPED else ""


def extract(req):
    s = req["settings"]
    if s["lxml"] != LXML:
        raise ValueError("lxml is %s here, not %s" % (LXML, s["lxml"]))
    name = stoplist_name(s["stoplist"], req["lang"])
    low, high = (s["stopwords_low"], s["stopwords_high"]) if name else (0, 0)
    paragraphs = justext.justext(req["html"], justext.get_stoplist(name) if name else frozenset(),
                                 length_low=s["length_low"], length_high=s["length_high"], stopwords_low=low,
                                 stopwords_high=high, max_link_density=s["max_link_density"],
                                 max_heading_distance=s["max_heading_distance"], no_headings=s["no_headings"])
    out = "".join("<%s>%s</%s>\n" % (tag, html.escape(p.text, quote=False), tag)
                  for p in paragraphs if not p.is_boilerplate for tag in ["h2" if p.heading else "p"])
    return {"format": "html", "output": out, "notes": {"stoplist": name or "none"}}


serve("justext", importlib.metadata.version("justext"),
      {"stoplist": "page-language", "length_low": jt.LENGTH_LOW_DEFAULT, "length_high": jt.LENGTH_HIGH_DEFAULT,
       "stopwords_low": jt.STOPWORDS_LOW_DEFAULT, "stopwords_high": jt.STOPWORDS_HIGH_DEFAULT,
       "max_link_density": jt.MAX_LINK_DENSITY_DEFAULT, "max_heading_distance": jt.MAX_HEADING_DISTANCE_DEFAULT,
       "no_headings": jt.NO_HEADINGS_DEFAULT, "lxml": LXML}, extract)
