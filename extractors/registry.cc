// The extractor table: one line per extractor, in display order: name, description,
// factory, declared settings (extractors/settings.h; none when absent). The factories
// and settings declarations are defined in each extractor's own file.
#include "extractors/extractor.h"

namespace detour {

using Factory = std::unique_ptr<Extractor>(const SettingValues&);
Factory make_all_extractor, make_none_extractor, make_gold_extractor;  // extractors/baselines.cc
Factory make_boilerpipe_article_extractor, make_boilerpipe_default_extractor,  // extractors/boilerpipe
    make_boilerpipe_keep_everything_extractor, make_boilerpipe_canola_extractor,
    make_boilerpipe_largest_content_extractor;
SettingSpecs boilerpipe_article_settings(), boilerpipe_fusion_settings(), boilerpipe_parser_settings();
Factory make_justext_language_extractor, make_justext_english_extractor,  // extractors/justext
    make_justext_nostop_extractor;
SettingSpecs justext_settings(), justext_nostop_settings();
Factory make_html_killer_extractor;  // extractors/html_killer.cc
SettingSpecs html_killer_settings();
Factory make_cetd_extractor, make_cetd_td_extractor;  // extractors/cetd
SettingSpecs cetd_settings(), cetd_td_settings();
Factory make_eat_extractor, make_wutsi_extractor;  // extractors/eatiht
SettingSpecs eat_settings(), wutsi_settings();
Factory make_readability_extractor;  // extractors/readability
SettingSpecs readability_settings();
Factory make_ncleaner_nc_extractor, make_ncleaner_ncnl_extractor,  // extractors/ncleaner
    make_ncleaner_nct5_extractor, make_ncleaner_nct25_extractor;
SettingSpecs ncleaner_nc_settings(), ncleaner_ncnl_settings(), ncleaner_nct5_settings(),
    ncleaner_nct25_settings();
Factory make_tdiff_extractor;  // extractors/tdiff
SettingSpecs tdiff_settings();
Factory make_c45_extractor;  // extractors/c45
SettingSpecs c45_settings();

const std::vector<ExtractorInfo>& extractor_registry() {
  static const std::vector<ExtractorInfo> table = {
      {"ALL", "baseline: every visible block of the page", make_all_extractor},
      {"NONE", "baseline: empty output", make_none_extractor},
      {"GOLD", "baseline: the reference itself (scores 100)", make_gold_extractor},
      {"BP", "Boilerpipe 1.2.0 ArticleExtractor", make_boilerpipe_article_extractor, boilerpipe_article_settings},
      {"BP-DEF", "Boilerpipe 1.2.0 DefaultExtractor", make_boilerpipe_default_extractor, boilerpipe_fusion_settings},
      {"BP-KE", "Boilerpipe 1.2.0 KeepEverythingExtractor", make_boilerpipe_keep_everything_extractor, boilerpipe_parser_settings},
      {"BP-CANOLA", "Boilerpipe 1.2.0 CanolaExtractor", make_boilerpipe_canola_extractor, boilerpipe_parser_settings},
      {"BP-LC", "Boilerpipe 1.2.0 LargestContentExtractor", make_boilerpipe_largest_content_extractor, boilerpipe_fusion_settings},
      {"JTA", "jusText 3.0.2, stoplist of the page's language", make_justext_language_extractor, justext_settings},
      {"JTA-EN", "jusText 3.0.2, English stoplist for every page", make_justext_english_extractor, justext_settings},
      {"JTS", "jusText 3.0.2 without stoplist (stop-word thresholds 0)", make_justext_nostop_extractor, justext_nostop_settings},
      {"HK", "HTML Killer baseline (Daureu, Marie & Goubeau), approximated", make_html_killer_extractor, html_killer_settings},
      {"CETD", "CETD (Sun, Song & Liao 2011): composite text density + DensitySum", make_cetd_extractor, cetd_settings},
      {"CETD-TD", "CETD with plain text density (authors' variant code)", make_cetd_td_extractor, cetd_td_settings},
      {"EAT", "eatiht v1 (Palacios): sentence histogram over parent paths", make_eat_extractor, eat_settings},
      {"WUTSI", "eatiht as adapted by wutsi-extractor (cleaning + sentence-scored parents)", make_wutsi_extractor, wutsi_settings},
      {"RD", "Readability: readability-lxml 0.8.1 summary()", make_readability_extractor, readability_settings},
      {"NC", "NCleaner (Evert 2008), n=3 mode 1, trained on 60 English DANIEL pages (seeded; excluded)", make_ncleaner_nc_extractor, ncleaner_nc_settings},
      {"NCNL", "NCleaner non-lexical (mode 3), trained on 60 English DANIEL pages (seeded; excluded)", make_ncleaner_ncnl_extractor, ncleaner_ncnl_settings},
      {"NCT5", "NCleaner, one model per language trained on 5 DANIEL pages of it (seeded; excluded)", make_ncleaner_nct5_extractor, ncleaner_nct5_settings},
      {"NCT25", "NCleaner, one model per language trained on 25 DANIEL pages of it (seeded; excluded)", make_ncleaner_nct25_extractor, ncleaner_nct25_settings},
      {"TDIFF", "Template diff (Deturck 2015): same-site page pairs by pq-gram/MDS/k-means, token diff", make_tdiff_extractor, tdiff_settings},
      {"C45", "Lutz (2013): C4.5 tree over DOM-node features (CTD, DensitySum, query score), 5 folds by site", make_c45_extractor, c45_settings},
  };
  return table;
}

}  // namespace detour
