"""Writes the charset fixtures of the decoding test (tests/fixtures/charset/): short
pages, written for detour, in the charsets real pages use, most without any
declaration, some with a declaration that lies, two gzip-compressed; and
expected.tsv: file, the charset detour must decide, and the UTF-8 text the page must
decode to (file.utf8). Run again after editing the texts below:

    python3 scripts/make_charset_fixtures.py tests/fixtures/charset
"""
import gzip
import os
import sys

EN = ("The Teacher\u2019s Guide was published on Monday. \u201cWe are proud of our students,\u201d said the "
      "head teacher \u2013 and the parents agreed. It\u2019s been a long year for everyone at the school, "
      "but the results speak for themselves\u2026 The caf\u00e9 next door offered free coffee to every family "
      "that came to the ceremony. Tickets for the summer concert cost \u20ac5 and can be bought at the office. "
      "\u201cIt\u2019s the best year we\u2019ve had,\u201d one parent told us \u2014 and nobody disagreed.")
JA = ("\u6771\u4eac\u90fd\u5185\u306e\u5c0f\u5b66\u6821\u3067\u3001\u65b0\u3057\u3044\u56f3\u66f8\u9928\u304c\u4eca\u6708"
      "\u30aa\u30fc\u30d7\u30f3\u3057\u307e\u3057\u305f\u3002\u5b50\u3069\u3082\u305f\u3061\u306f\u653e\u8ab2\u5f8c\u306b"
      "\u672c\u3092\u8aad\u3093\u3060\u308a\u3001\u8abf\u3079\u5b66\u7fd2\u3092\u3057\u305f\u308a\u3059\u308b\u3053\u3068"
      "\u304c\u3067\u304d\u307e\u3059\u3002\u6821\u9577\u5148\u751f\u306f\u300c\u8aad\u66f8\u306e\u697d\u3057\u3055\u3092"
      "\u77e5\u3063\u3066\u307b\u3057\u3044\u300d\u3068\u8a71\u3057\u3066\u3044\u307e\u3059\u3002\u56f3\u66f8\u9928\u306b"
      "\u306f\u7d04\u4e00\u4e07\u518a\u306e\u672c\u304c\u3042\u308a\u3001\u5730\u57df\u306e\u4eba\u3005\u3082\u9031\u672b"
      "\u306b\u5229\u7528\u3067\u304d\u308b\u3068\u3044\u3046\u3053\u3068\u3067\u3059\u3002")
KO = ("\uc11c\uc6b8\uc2dc\ub294 \uc62c\ud574 \uc5ec\ub984\ubd80\ud130 \uc2dc\ub0b4 \uacf5\uc6d0\uc5d0 \ubb34\ub8cc "
      "\uc640\uc774\ud30c\uc774\ub97c \uc124\uce58\ud55c\ub2e4\uace0 \ubc1d\ud614\uc2b5\ub2c8\ub2e4. \uc2dc\ubbfc\ub4e4"
      "\uc740 \uacf5\uc6d0\uc5d0\uc11c \ucc45\uc744 \uc77d\uac70\ub098 \uc74c\uc545\uc744 \ub4e4\uc73c\uba70 \ud734\uc2dd"
      "\uc744 \ucde8\ud560 \uc218 \uc788\uac8c \ub429\ub2c8\ub2e4. \ub2f4\ub2f9\uc790\ub294 \uc2dc\ubbfc\ub4e4\uc758 "
      "\uc758\uacac\uc744 \ub4e3\uace0 \ub354 \ub9ce\uc740 \uacf5\uc6d0\uc73c\ub85c \uc11c\ube44\uc2a4\ub97c \ub113\ud790 "
      "\uacc4\ud68d\uc774\ub77c\uace0 \ub9d0\ud588\uc2b5\ub2c8\ub2e4.")
ZH_HANS = ("\u5317\u4eac\u5e02\u4eca\u5e74\u5c06\u5728\u57ce\u533a\u65b0\u5efa\u4e8c\u5341\u4e2a\u793e\u533a\u56fe\u4e66"
           "\u9986\uff0c\u65b9\u4fbf\u5c45\u6c11\u5c31\u8fd1\u501f\u9605\u56fe\u4e66\u3002\u5e02\u6587\u5316\u5c40\u8d1f"
           "\u8d23\u4eba\u8868\u793a\uff0c\u8fd9\u4e9b\u56fe\u4e66\u9986\u5c06\u5168\u5929\u5f00\u653e\uff0c\u5e76\u63d0"
           "\u4f9b\u514d\u8d39\u7684\u7f51\u7edc\u670d\u52a1\u3002\u8bb8\u591a\u5c45\u6c11\u8ba4\u4e3a\uff0c\u8fd9\u9879"
           "\u63aa\u65bd\u80fd\u8ba9\u5b69\u5b50\u4eec\u5728\u8bfe\u4f59\u65f6\u95f4\u6709\u66f4\u597d\u7684\u5b66\u4e60"
           "\u73af\u5883\u3002")
ZH_HANT = ("\u53f0\u5317\u5e02\u653f\u5e9c\u5ba3\u5e03\uff0c\u660e\u5e74\u8d77\u5c07\u5728\u5404\u5340\u8a2d\u7acb\u66f4"
           "\u591a\u516c\u5171\u5716\u66f8\u9928\uff0c\u8b93\u5e02\u6c11\u80fd\u5920\u5c31\u8fd1\u501f\u95b1\u66f8\u7c4d"
           "\u3002\u8ca0\u8cac\u5b98\u54e1\u8868\u793a\uff0c\u9019\u4e9b\u5716\u66f8\u9928\u5c07\u63d0\u4f9b\u514d\u8cbb"
           "\u7684\u7db2\u8def\u670d\u52d9\uff0c\u4e26\u8209\u8fa6\u5404\u7a2e\u8b80\u66f8\u6d3b\u52d5\u3002\u8a31\u591a"
           "\u5bb6\u9577\u8a8d\u70ba\uff0c\u9019\u9805\u653f\u7b56\u53ef\u4ee5\u8b93\u5b69\u5b50\u5011\u5728\u653e\u5b78"
           "\u5f8c\u6709\u66f4\u597d\u7684\u5b78\u7fd2\u74b0\u5883\u3002")
RU = ("\u0412 \u041c\u043e\u0441\u043a\u0432\u0435 \u0432 \u044d\u0442\u043e\u043c \u0433\u043e\u0434\u0443 "
      "\u043e\u0442\u043a\u0440\u043e\u044e\u0442 \u0434\u0432\u0430\u0434\u0446\u0430\u0442\u044c \u043d\u043e\u0432"
      "\u044b\u0445 \u0431\u0438\u0431\u043b\u0438\u043e\u0442\u0435\u043a. \u0416\u0438\u0442\u0435\u043b\u0438 "
      "\u0433\u043e\u0440\u043e\u0434\u0430 \u0441\u043c\u043e\u0433\u0443\u0442 \u0431\u0440\u0430\u0442\u044c "
      "\u043a\u043d\u0438\u0433\u0438 \u0440\u044f\u0434\u043e\u043c \u0441 \u0434\u043e\u043c\u043e\u043c, \u0430 "
      "\u0434\u0435\u0442\u0438 \u0437\u0430\u043d\u0438\u043c\u0430\u0442\u044c\u0441\u044f \u043f\u043e\u0441\u043b"
      "\u0435 \u0448\u043a\u043e\u043b\u044b. \u0420\u0443\u043a\u043e\u0432\u043e\u0434\u0438\u0442\u0435\u043b\u044c "
      "\u0434\u0435\u043f\u0430\u0440\u0442\u0430\u043c\u0435\u043d\u0442\u0430 \u043a\u0443\u043b\u044c\u0442\u0443"
      "\u0440\u044b \u0441\u043e\u043e\u0431\u0449\u0438\u043b, \u0447\u0442\u043e \u0431\u0438\u0431\u043b\u0438\u043e"
      "\u0442\u0435\u043a\u0438 \u0431\u0443\u0434\u0443\u0442 \u0440\u0430\u0431\u043e\u0442\u0430\u0442\u044c \u0431"
      "\u0435\u0437 \u0432\u044b\u0445\u043e\u0434\u043d\u044b\u0445. \u041c\u043d\u043e\u0433\u0438\u0435 \u0440\u043e"
      "\u0434\u0438\u0442\u0435\u043b\u0438 \u0441\u0447\u0438\u0442\u0430\u044e\u0442, \u0447\u0442\u043e \u044d\u0442"
      "\u043e \u043f\u043e\u043c\u043e\u0436\u0435\u0442 \u0434\u0435\u0442\u044f\u043c \u0431\u043e\u043b\u044c\u0448"
      "\u0435 \u0447\u0438\u0442\u0430\u0442\u044c.")
EL = ("\u03a3\u03c4\u03b7\u03bd \u0391\u03b8\u03ae\u03bd\u03b1 \u03b8\u03b1 \u03b1\u03bd\u03bf\u03af\u03be\u03bf\u03c5"
      "\u03bd \u03c6\u03ad\u03c4\u03bf\u03c2 \u03b5\u03af\u03ba\u03bf\u03c3\u03b9 \u03bd\u03ad\u03b5\u03c2 \u03b4\u03b7"
      "\u03bc\u03bf\u03c4\u03b9\u03ba\u03ad\u03c2 \u03b2\u03b9\u03b2\u03bb\u03b9\u03bf\u03b8\u03ae\u03ba\u03b5\u03c2. "
      "\u039f\u03b9 \u03ba\u03ac\u03c4\u03bf\u03b9\u03ba\u03bf\u03b9 \u03c4\u03b7\u03c2 \u03c0\u03cc\u03bb\u03b7\u03c2 "
      "\u03b8\u03b1 \u03bc\u03c0\u03bf\u03c1\u03bf\u03cd\u03bd \u03bd\u03b1 \u03b4\u03b1\u03bd\u03b5\u03af\u03b6\u03bf"
      "\u03bd\u03c4\u03b1\u03b9 \u03b2\u03b9\u03b2\u03bb\u03af\u03b1 \u03ba\u03bf\u03bd\u03c4\u03ac \u03c3\u03c4\u03bf "
      "\u03c3\u03c0\u03af\u03c4\u03b9 \u03c4\u03bf\u03c5\u03c2, \u03b5\u03bd\u03ce \u03c4\u03b1 \u03c0\u03b1\u03b9\u03b4"
      "\u03b9\u03ac \u03b8\u03b1 \u03ad\u03c7\u03bf\u03c5\u03bd \u03ad\u03bd\u03b1\u03bd \u03ae\u03c3\u03c5\u03c7\u03bf "
      "\u03c7\u03ce\u03c1\u03bf \u03b3\u03b9\u03b1 \u03bc\u03b5\u03bb\u03ad\u03c4\u03b7 \u03bc\u03b5\u03c4\u03ac \u03c4"
      "\u03bf \u03c3\u03c7\u03bf\u03bb\u03b5\u03af\u03bf. \u039f \u03b1\u03c1\u03bc\u03cc\u03b4\u03b9\u03bf\u03c2 \u03b1"
      "\u03bd\u03c4\u03b9\u03b4\u03ae\u03bc\u03b1\u03c1\u03c7\u03bf\u03c2 \u03b4\u03ae\u03bb\u03c9\u03c3\u03b5 \u03cc\u03c4"
      "\u03b9 \u03bf\u03b9 \u03b2\u03b9\u03b2\u03bb\u03b9\u03bf\u03b8\u03ae\u03ba\u03b5\u03c2 \u03b8\u03b1 \u03bb\u03b5\u03b9"
      "\u03c4\u03bf\u03c5\u03c1\u03b3\u03bf\u03cd\u03bd \u03ba\u03b1\u03b9 \u03c4\u03b1 \u03a3\u03b1\u03b2\u03b2\u03b1\u03c4"
      "\u03bf\u03ba\u03cd\u03c1\u03b9\u03b1\u03ba\u03b1.")
PL = ("W Warszawie w tym roku zostanie otwartych dwadzie\u015bcia nowych bibliotek. Mieszka\u0144cy b\u0119d\u0105 "
      "mogli wypo\u017cycza\u0107 ksi\u0105\u017cki blisko domu, a dzieci uczy\u0107 si\u0119 po szkole w spokojnym "
      "miejscu. Przedstawiciel urz\u0119du miasta powiedzia\u0142, \u017ce biblioteki b\u0119d\u0105 czynne "
      "r\u00f3wnie\u017c w weekendy, a w \u015brody do p\u00f3\u017anego wieczora.")


def page(title, text, head_extra=""):
    paras = "".join("<p>%s</p>\n" % text for _ in range(3))
    return ("<html><head>%s<title>%s</title></head>\n<body><h1>%s</h1>\n%s</body></html>\n"
            % (head_extra, title, title, paras))


META = '<meta http-equiv="Content-Type" content="text/html; charset=%s">'

# file, charset the bytes are in, the charset detour must decide, text, head extra, gzip
CASES = [
    ("en_cp1252_nodecl.html", "cp1252", "windows-1252", ("School news", EN), "", False),
    ("ja_shift_jis_nodecl.html", "shift_jis", "Shift_JIS", ("\u56f3\u66f8\u9928", JA), "", False),
    ("ja_euc_jp_nodecl.html", "euc_jp", "EUC-JP", ("\u56f3\u66f8\u9928", JA), "", False),
    ("ko_euc_kr_nodecl.html", "euc_kr", "EUC-KR", ("\uacf5\uc6d0", KO), "", False),
    ("zh_gbk_nodecl.html", "gbk", "GB18030", ("\u56fe\u4e66\u9986", ZH_HANS), "", False),
    ("zh_big5_nodecl.html", "big5", "Big5", ("\u5716\u66f8\u9928", ZH_HANT), "", False),
    ("ru_koi8r_nodecl.html", "koi8_r", "KOI8-R", ("\u0411\u0438\u0431\u043b\u0438\u043e\u0442\u0435\u043a\u0438", RU), "", False),
    ("ru_cp1251_nodecl.html", "cp1251", "windows-1251", ("\u0411\u0438\u0431\u043b\u0438\u043e\u0442\u0435\u043a\u0438", RU), "", False),
    ("el_iso8859_7_nodecl.html", "iso8859_7", "ISO-8859-7", ("\u0392\u03b9\u03b2\u03bb\u03b9\u03bf\u03b8\u03ae\u03ba\u03b5\u03c2", EL), "", False),
    ("pl_iso8859_2_nodecl.html", "iso8859_2", "ISO-8859-2", ("Biblioteki", PL), "", False),
    # Greek in windows-1253 (its capital alpha with tonos, 0xA2, is not ISO-8859-7's).
    ("el_cp1253_nodecl.html", "cp1253", "windows-1253", ("\u0386\u03b8\u03ae\u03bd\u03b1", EL.replace("\u0391\u03b8", "\u0386\u03b8")), "", False),
    # Declarations that lie.
    ("en_utf8_declared_latin1.html", "utf-8", "UTF-8", ("School news", EN), META % "iso-8859-1", False),
    ("en_cp1252_declared_utf8.html", "cp1252", "windows-1252", ("School news", EN), META % "utf-8", False),
    ("ja_euc_jp_declared_shift_jis.html", "euc_jp", "EUC-JP", ("\u56f3\u66f8\u9928", JA), META % "Shift_JIS", False),
    ("ru_koi8r_declared_cp1251.html", "koi8_r", "KOI8-R", ("\u0411\u0438\u0431\u043b\u0438\u043e\u0442\u0435\u043a\u0438", RU), META % "windows-1251", False),
    ("ru_cp1251_declared_koi8r.html", "cp1251", "windows-1251", ("\u0411\u0438\u0431\u043b\u0438\u043e\u0442\u0435\u043a\u0438", RU), META % "koi8-r", False),
    ("zh_big5_declared_gbk.html", "big5", "Big5", ("\u5716\u66f8\u9928", ZH_HANT), META % "gbk", False),
    ("ko_euc_kr_declared_utf8.html", "euc_kr", "EUC-KR", ("\uacf5\uc6d0", KO), '<meta charset="utf-8">', False),
    ("ja_shift_jis_declared_euc_jp.html", "shift_jis", "Shift_JIS", ("\u56f3\u66f8\u9928", JA), META % "EUC-JP", False),
    # A byte-order mark outweighs the declaration.
    ("en_utf8_bom_declared_cp1251.html", "utf-8-sig", "UTF-8", ("School news", EN), META % "windows-1251", False),
    # Declarations that are right but name a subset: ISO-8859-1 for windows-1252 bytes
    # (curly quotes in 0x80-0x9F), GB2312 for GBK bytes.
    ("en_cp1252_declared_latin1.html", "cp1252", "windows-1252", ("School news", EN), META % "iso-8859-1", False),
    ("zh_gbk_declared_gb2312.html", "gbk", "GB18030", ("\u56fe\u4e66\u9986", ZH_HANS), META % "gb2312", False),
    # gzip-compressed pages (recognised by their magic bytes, whatever the name).
    ("en_utf8.html.gz", "utf-8", "UTF-8", ("School news", EN), '<meta charset="utf-8">', True),
    ("ja_shift_jis_nodecl.html.gz", "shift_jis", "Shift_JIS", ("\u56f3\u66f8\u9928", JA), "", True),
]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rows = ["file\tcharset\tutf8\n"]
    for name, codec, expect, (title, text), extra, gz in CASES:
        html = page(title, text, extra)
        data = html.encode(codec)
        if gz:
            data = gzip.compress(data, mtime=0)
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        ref = name + ".utf8"
        with open(os.path.join(out, ref), "wb") as f:
            f.write(html.encode("utf-8"))
        rows.append("%s\t%s\t%s\n" % (name, expect, ref))
    with open(os.path.join(out, "expected.tsv"), "w") as f:
        f.writelines(rows)


if __name__ == "__main__":
    main()
