// Hand-made pages with a known answer, shared by the density extractor tests
// (cetd_test.cc, eatiht_test.cc): an article among menus, a sidebar and a footer, and
// a page whose navigation has far more link text than the short article.
#pragma once

#include <string>
#include <vector>

namespace detour::testpages {

inline const std::vector<std::string>& article_paragraphs() {
  static const std::vector<std::string> p = {
      "Rivers shape the land they cross. Over thousands of years they cut valleys, build "
      "plains and carry soil from the mountains down to the sea.",
      "The longest rivers drain whole continents. Their basins hold forests, farms and "
      "cities, and millions of people depend on them for water and food.",
      "Floods are part of the life of a river. They spread fertile mud over the plains, "
      "but they also threaten the towns built close to the banks.",
      "Engineers have built dams to control floods and produce power. Dams change the flow "
      "of water and the life of the fish that swim upstream to lay their eggs.",
      "Scientists measure the health of a river by the life it supports. Clean water holds "
      "insects, fish and birds, while polluted water holds very little.",
      "Protecting rivers is a shared task. Farmers, cities and factories all take water "
      "from them and all must return it clean enough for the next user downstream."};
  return p;
}

inline std::string article_page() {
  std::string h =
      "<html><head><title>Rivers</title><style>p{color:black}</style></head><body>"
      "<div id=header><ul id=nav><li><a href=/>Home</a></li><li><a href=/news>News</a></li>"
      "<li><a href=/sport>Sport</a></li><li><a href=/weather>Weather</a></li>"
      "<li><a href=/contact>Contact</a></li></ul></div>"
      "<div id=main><div id=article><h1>A long article about rivers</h1>";
  const auto& p = article_paragraphs();
  for (std::size_t i = 0; i < p.size(); ++i) {
    h += "<p>" + p[i] + "</p>";
    if (i == 2)
      h += "<ul><li>Rivers carry sediment from the hills to the coast every single day.</li>"
           "<li>Rivers give water to farms and to cities along their whole course.</li></ul>";
  }
  h += "</div><div id=sidebar><h3>More</h3><ul>";
  for (int i = 1; i <= 8; ++i)
    h += "<li><a href=/s" + std::to_string(i) + ">Sidebar link " + std::to_string(i) + "</a></li>";
  h += "</ul></div></div><div id=footer><a href=/privacy>Privacy policy</a> | "
       "<a href=/terms>Terms</a> | Copyright 2012</div>"
       "<script>var tracking = 'not content at all, this is a script';</script></body></html>";
  return h;
}

inline std::string short_article() {
  return "This short story is the only real content on the page. It has two sentences.";
}

inline std::string link_heavy_page() {
  std::string h = "<html><body><div id=menu><ul>";
  for (int i = 1; i <= 40; ++i)
    h += "<li><a href=/c" + std::to_string(i) + ">Category number " + std::to_string(i) +
         " with a rather long descriptive name</a></li>";
  h += "</ul></div><div id=story><p>" + short_article() +
       "</p><p>A second paragraph closes the story in a few words.</p></div></body></html>";
  return h;
}

}  // namespace detour::testpages
