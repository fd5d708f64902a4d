// The extractor table: one line per extractor, in display order. The factory
// functions are defined in each extractor's own file.
#include "extractors/extractor.h"

namespace detour {

std::unique_ptr<Extractor> make_all_extractor();
std::unique_ptr<Extractor> make_none_extractor();
std::unique_ptr<Extractor> make_gold_extractor();
std::unique_ptr<Extractor> make_boilerpipe_article_extractor();  // extractors/boilerpipe
std::unique_ptr<Extractor> make_boilerpipe_default_extractor();
std::unique_ptr<Extractor> make_boilerpipe_keep_everything_extractor();
std::unique_ptr<Extractor> make_boilerpipe_canola_extractor();
std::unique_ptr<Extractor> make_boilerpipe_largest_content_extractor();
std::unique_ptr<Extractor> make_justext_language_extractor();  // extractors/justext
std::unique_ptr<Extractor> make_justext_english_extractor();
std::unique_ptr<Extractor> make_justext_nostop_extractor();
std::unique_ptr<Extractor> make_html_killer_extractor();  // extractors/html_killer.cc
std::unique_ptr<Extractor> make_cetd_extractor();     // extractors/cetd
std::unique_ptr<Extractor> make_cetd_td_extractor();
std::unique_ptr<Extractor> make_eat_extractor();      // extractors/eatiht
std::unique_ptr<Extractor> make_wutsi_extractor();
std::unique_ptr<Extractor> make_readability_extractor();     // extractors/readability
std::unique_ptr<Extractor> make_ncleaner_nc_extractor();     // extractors/ncleaner
std::unique_ptr<Extractor> make_ncleaner_ncnl_extractor();
std::unique_ptr<Extractor> make_ncleaner_nct5_extractor();
std::unique_ptr<Extractor> make_ncleaner_nct25_extractor();

std::unique_ptr<Extractor> make_tdiff_extractor();  // extractors/tdiff
std::unique_ptr<Extractor> make_c45_extractor();  // extractors/c45

const std::vector<ExtractorInfo>& extractor_registry() {
  static const std::vector<ExtractorInfo> table = {
      {"ALL", "baseline: every visible block of the page", make_all_extractor},
      {"NONE", "baseline: empty output", make_none_extractor},
      {"GOLD", "baseline: the reference itself (scores 100)", make_gold_extractor},
      {"BP", "Boilerpipe 1.2.0 ArticleExtractor", make_boilerpipe_article_extractor},
      {"BP-DEF", "Boilerpipe 1.2.0 DefaultExtractor", make_boilerpipe_default_extractor},
      {"BP-KE", "Boilerpipe 1.2.0 KeepEverythingExtractor", make_boilerpipe_keep_everything_extractor},
      {"BP-CANOLA", "Boilerpipe 1.2.0 CanolaExtractor", make_boilerpipe_canola_extractor},
      {"BP-LC", "Boilerpipe 1.2.0 LargestContentExtractor", make_boilerpipe_largest_content_extractor},
      {"JTA", "jusText 3.0.2, stoplist of the page's language", make_justext_language_extractor},
      {"JTA-EN", "jusText 3.0.2, English stoplist for every page", make_justext_english_extractor},
      {"JTS", "jusText 3.0.2 without stoplist (stop-word thresholds 0)", make_justext_nostop_extractor},
      {"HK", "HTML Killer baseline (Daureu, Marie & Goubeau), approximated", make_html_killer_extractor},
      {"CETD", "CETD (Sun, Song & Liao 2011): composite text density + DensitySum", make_cetd_extractor},
      {"CETD-TD", "CETD with plain text density (authors' variant code)", make_cetd_td_extractor},
      {"EAT", "eatiht v1 (Palacios): sentence histogram over parent paths", make_eat_extractor},
      {"WUTSI", "eatiht as adapted by wutsi-extractor (cleaning + sentence-scored parents)", make_wutsi_extractor},
      {"RD", "Readability: readability-lxml 0.8.1 summary()", make_readability_extractor},
      {"NC", "NCleaner (Evert 2008), n=3 mode 1, trained on 60 English DANIEL pages (seeded; excluded)", make_ncleaner_nc_extractor},
      {"NCNL", "NCleaner non-lexical (mode 3), trained on 60 English DANIEL pages (seeded; excluded)", make_ncleaner_ncnl_extractor},
      {"NCT5", "NCleaner, one model per language trained on 5 DANIEL pages of it (seeded; excluded)", make_ncleaner_nct5_extractor},
      {"NCT25", "NCleaner, one model per language trained on 25 DANIEL pages of it (seeded; excluded)", make_ncleaner_nct25_extractor},
      {"TDIFF", "Template diff (Deturck 2015): same-site page pairs by pq-gram/MDS/k-means, token diff", make_tdiff_extractor},
      {"C45", "Lutz (2013): C4.5 tree over DOM-node features (CTD, DensitySum, query score), 5 folds by site", make_c45_extractor},
  };
  return table;
}

}  // namespace detour
