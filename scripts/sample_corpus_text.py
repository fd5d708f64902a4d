"""Text of detour's sample corpus (see make_sample_corpus.py): invented sites, invented
news and blog posts, written for this project. Any resemblance to real places or
people is accidental.

ARTICLES[lang] = [(site, article), ...]; UI[lang] = the boilerplate strings.
Blocks: ("h", heading), ("p", paragraph), ("l", [list items]).
An article that reports an epidemic event has event=(disease, place): the relevance
judgment of the daniel task (corpora/sample/tasks/daniel/annotations.json); the others
are judged not relevant (note= says why when the page mentions a disease anyway).
"""

# ------------------------------------------------------------------------------ sites
EN_GAZETTE = dict(name="The Harbour Gazette", slug="gazette", host="www.harbourgazette.example",
                  template="portal", charset="utf-8", meta_style="http-equiv",
                  slogan="News from the quays since 1887")
EN_NORTHFIELD = dict(name="Northfield Daily", slug="local", host="news.northfield.example",
                     template="magazine", charset="utf-8", slogan="")
EN_PINEWOOD = dict(name="Pinewood Notes", slug="notes", host="pinewoodnotes.example",
                   template="blog", charset="utf-8", slogan="Small gardens, long walks")

FR_COURRIER = dict(name="Le Courrier du Val", slug="courrier", host="www.courrierduval.example",
                   template="portal", charset="iso-8859-1", meta_style="http-equiv",
                   slogan="L'actualité de la vallée")
FR_CARNET = dict(name="Carnet de route", slug="carnet", host="carnetderoute.example",
                 template="blog", charset="utf-8", slogan="Cuisine, sentiers et petites choses")

ZH_JIANGCHENG = dict(name="江城日报", slug="jcdaily", host="www.jcdaily.example",
                     template="portal", charset="gb2312", meta_style="http-equiv",
                     slogan="江城人自己的报纸")
ZH_KEJI = dict(name="科技观察", slug="tech", host="tech.kejiguancha.example",
               template="magazine", charset="utf-8", slogan="")
ZH_LVXING = dict(name="旅行笔记", slug="notes", host="lvxingbiji.example",
                 template="blog", charset="utf-8", slogan="慢慢走，慢慢看")

RU_VESTI = dict(name="Вести Приречья", slug="vesti", host="vesti-prirechya.example",
                template="portal", charset="windows-1251", meta_style="http-equiv",
                slogan="Новости нашего края")
RU_BLOG = dict(name="Городской блог", slug="blog", host="gorodskoy-blog.example",
               template="blog", charset="utf-8", slogan="Заметки о жизни в небольшом городе")

EL_FONI = dict(name="Η Φωνή της Πόλης", slug="poli", host="www.fonitispolis.example",
               template="magazine", charset="iso-8859-7", slogan="")
EL_KIPOS = dict(name="Ημερολόγιο Κήπου", slug="kipos", host="kipos-imerologio.example",
                template="blog", charset="utf-8", slogan="Σημειώσεις από ένα μικρό κήπο")


def art(title, date, iso, author, *blocks, tags=None, event=None, note=None):
    a = dict(title=title, date=date, iso=iso, author=author, blocks=list(blocks))
    if tags:
        a["tags"] = tags
    if event:
        a["event"] = event
    if note:
        a["note"] = note
    return a


P = lambda t: ("p", t)  # noqa: E731
H = lambda t: ("h", t)  # noqa: E731
L = lambda *items: ("l", list(items))  # noqa: E731

# ------------------------------------------------------------------------------ English
EN = [
    (EN_GAZETTE, art(
        "Council approves cycle lanes along River Road", "12 March 2024", "2024-03-12", "By Ellen Marsh",
        P("Plans for a protected cycle lane along River Road were approved by the town council on Monday "
          "night after a debate that ran for almost three hours. The scheme will separate bicycles from "
          "traffic with a low kerb between the old swing bridge and the railway station."),
        P("Supporters said the route is already used by hundreds of commuters and schoolchildren every "
          "day, and that the narrow carriageway makes cycling there frightening. Several shop owners "
          "argued that the loss of twenty parking spaces would hurt trade during the summer season."),
        P("Councillor Tom Reddy, who chairs the transport committee, said the final design keeps loading "
          "bays outside the shops and moves the lost parking to the old timber yard, a short walk away. "
          "\"We listened, and we changed the plan twice,\" he told the meeting."),
        H("Work to start in September"),
        P("Construction is expected to take eleven weeks and will be done in three stages so that the "
          "road never closes completely. The cost, estimated at 1.4 million pounds, will be met mostly "
          "by a regional active travel grant."),
        P("A public drop-in session about the works will be held at the library on 4 April, where "
          "residents can see the drawings and ask the engineers questions."),
    )),
    (EN_GAZETTE, art(
        "Quayside bakery wins regional bread award", "19 March 2024", "2024-03-19", "By Sam Okafor",
        P("A small bakery on the harbour front has beaten more than sixty entrants to win the regional "
          "artisan bread competition. Judges praised its dark rye loaf for a crust that crackled and a "
          "crumb that stayed moist for days."),
        P("Owner Priya Lund opened the shop four years ago in a former net store with a single "
          "second-hand oven. She now employs six people and starts baking at three in the morning. "
          "\"The secret is patience,\" she said. \"Our sourdough rests for thirty hours before it sees "
          "the oven.\""),
        P("The award comes with a cash prize, which Ms Lund plans to spend on training an apprentice "
          "from the local college. She also wants to run weekend classes for children so that more "
          "young people learn to bake bread at home."),
        P("Regular customers were not surprised by the news. One fisherman, who buys two loaves every "
          "Friday, said the queue outside the door on Saturday mornings already told everyone what the "
          "judges had only just found out."),
        P("The winning loaf will be on sale at the harbour food festival next month, alongside pastries "
          "made with flour from a mill twelve miles up the valley."),
    )),
    (EN_NORTHFIELD, art(
        "Storm damage closes coastal path until spring", "8 January 2024", "2024-01-08", "Martha Quinn",
        P("A four-mile stretch of the coastal path north of Northfield will stay closed until at least "
          "April after last week's storm washed away part of the cliff edge and brought down two "
          "footbridges."),
        P("Rangers walking the route on Friday found that the ground had slipped in three places near "
          "Gull Point, leaving the path hanging over a drop of more than forty feet. Fences and warning "
          "signs have been put up at both ends of the closed section."),
        H("What walkers should do"),
        L("Use the inland diversion signed from the Gull Point car park.",
          "Do not climb over the barriers, even at low tide.",
          "Check the council website before setting out, as the closure may be extended."),
        P("The county engineer said that rebuilding the path further from the edge would be safer than "
          "repairing it where it was. Talks with the farmers who own the neighbouring fields have "
          "already started, and a temporary route could open in February."),
        P("Local businesses that depend on walkers during the winter months are worried. The owner of "
          "the tea room at Gull Point said takings had fallen by half since the closure."),
    )),
    (EN_NORTHFIELD, art(
        "School robotics team heads to national final", "15 February 2024", "2024-02-15", "Martha Quinn",
        P("Six pupils from Northfield High School will travel to the national robotics final next month "
          "after their machine won the northern heat in a contest that tested speed, accuracy and team "
          "work."),
        P("The team built their robot from a kit of parts and recycled materials, including an arm made "
          "from an old desk lamp. It had to sort coloured blocks, climb a ramp and return to its base in "
          "under two minutes."),
        P("Team captain Aisha Rahman, 16, said the hardest part was writing the code that lets the robot "
          "recognise colours in bad light. \"We tested it in the corridor at every time of day until it "
          "stopped mixing up orange and red,\" she said."),
        H("Fundraising for the trip"),
        P("The school needs to raise 2,000 pounds to cover travel and hotel costs. Parents are holding a "
          "quiz night on 2 March, and a local engineering firm has offered to match every pound raised."),
        P("Their physics teacher, Mr Daniel Price, who started the club three years ago with only two "
          "members, said the pupils had taught him more about programming than he had taught them."),
    )),
    (EN_PINEWOOD, art(
        "Growing tomatoes on a small balcony", "3 May 2024", "2024-05-03", "Rosie",
        P("Every spring somebody asks me whether it is worth growing tomatoes on a balcony that gets sun "
          "for only half the day. My answer is yes, as long as you choose the right varieties and accept "
          "that you will be watering a lot."),
        P("Last year I grew four plants in large pots on a balcony facing south-west, and we picked "
          "tomatoes from the end of July until the first cold nights in October. Here is what worked "
          "for me."),
        L("Pick compact or cherry varieties; tall ones catch the wind.",
          "Use pots of at least twenty litres, with holes in the bottom.",
          "Water in the evening, and every day when it is hot.",
          "Feed once a week with a liquid tomato food once the first flowers appear.",
          "Pinch out side shoots so that the plant puts its energy into fruit."),
        P("The biggest mistake I made in my first year was putting the pots against the wall, where the "
          "heat reflected back and the leaves scorched. Moving them thirty centimetres forward made a "
          "surprising difference."),
        P("If you have any questions, leave them in the comments and I will do my best to answer. Next "
          "week I will write about growing herbs in window boxes."),
    )),
    (EN_PINEWOOD, art(
        "A weekend on the old railway line", "21 September 2024", "2024-09-21", "Rosie",
        P("The railway that once carried slate from the quarries down to the harbour closed in 1963, and "
          "most of its route is now a path for walkers and cyclists. We finally walked the whole of it "
          "last weekend, twenty-two miles over two days."),
        P("The first day took us from the harbour through the woods to the old junction, where the "
          "station building is now a café. The path climbs so gently that you hardly notice, but by "
          "the afternoon we could see the whole bay behind us."),
        P("We spent the night in a bunkhouse that used to be the engine shed. It was simple and warm, "
          "and the owner cooked a stew that I am still thinking about."),
        P("On Sunday the route passed through two tunnels, the longer one almost half a mile, so bring a "
          "torch. After the tunnels the valley opens out and the quarry tips appear on the hillside, "
          "grey and enormous."),
        P("There are buses back to the harbour from the top of the line every two hours, but check the "
          "times before you go because the last one leaves early on Sundays."),
    )),
]

# ------------------------------------------------------------------------------ French
FR = [
    (FR_COURRIER, art(
        "La médiathèque rouvre ses portes après huit mois de travaux", "6 février 2024", "2024-02-06",
        "Par Claire Vasseur",
        P("Fermée depuis le printemps dernier, la médiathèque municipale a rouvert samedi matin. Une "
          "centaine de lecteurs attendaient devant l’entrée avant même l’ouverture, certains avec des "
          "sacs remplis de livres à rendre."),
        P("Les travaux ont permis d’isoler le bâtiment, de remplacer les fenêtres et de créer un espace "
          "pour les adolescents au premier étage. La salle de lecture, agrandie, peut désormais "
          "accueillir des expositions et de petits concerts."),
        P("« Nous voulions un lieu où l’on a envie de rester, pas seulement d’emprunter », explique la "
          "directrice, Hélène Garnier. Les horaires sont élargis : la médiathèque ouvrira désormais le "
          "mardi soir jusqu’à vingt heures."),
        P("Le chantier a coûté 1,2 million d’euros, financé pour moitié par la région. Le maire a "
          "rappelé que l’inscription reste gratuite pour tous les habitants de la communauté de communes."),
        P("Un atelier de réparation de livres anciens aura lieu le premier samedi de chaque mois, et "
          "les bénévoles sont les bienvenus."),
    )),
    (FR_COURRIER, art(
        "Le marché des producteurs change de formule", "13 avril 2024", "2024-04-13", "Par Luc Bernard",
        P("À partir du mois de mai, le marché des producteurs se tiendra le samedi matin sur la place de "
          "l’Église, et non plus le mercredi après-midi. La décision a été prise après une consultation "
          "des exposants et des clients."),
        P("Les producteurs regrettaient de voir peu de monde en semaine. « Le mercredi, nous vendions "
          "surtout aux retraités ; le samedi, les familles pourront venir », estime Marie Delorme, "
          "maraîchère à deux kilomètres du bourg."),
        P("Une quinzaine d’étals sont attendus : légumes, fromages de chèvre, miel, pain au levain, "
          "volailles et, nouveauté, un brasseur installé dans la vallée depuis l’an dernier."),
        P("La mairie installera des bornes pour recharger les vélos électriques et prêtera des "
          "chariots aux personnes âgées. Le stationnement restera gratuit dans les rues voisines."),
        P("Les commerçants du centre voient d’un bon œil ce changement, qui devrait amener des clients "
          "dans les cafés et les boutiques le week-end."),
    )),
    (FR_COURRIER, art(
        "La ligne de bus 12 prolongée jusqu’à la gare", "2 septembre 2024", "2024-09-02",
        "Par Claire Vasseur",
        P("Depuis lundi, la ligne 12 dessert la gare en plus du centre hospitalier et du lycée. Cette "
          "extension était réclamée depuis longtemps par les habitants des hameaux, qui devaient "
          "jusqu’ici changer de bus en ville."),
        H("Des horaires calés sur les trains"),
        P("Les bus partiront toutes les trente minutes aux heures de pointe et toutes les heures le "
          "reste de la journée. Les horaires ont été pensés pour correspondre aux trains vers la "
          "préfecture, avec dix minutes de marge."),
        P("Le prix du ticket ne change pas, et l’abonnement mensuel reste à vingt-cinq euros. Les "
          "lycéens continueront de voyager gratuitement sur présentation de leur carte."),
        P("Le syndicat des transports prévoit un bilan au printemps. Si la fréquentation est bonne, un "
          "service le dimanche pourrait être ajouté l’an prochain."),
        P("Pour accompagner cette extension, deux nouveaux arrêts ont été aménagés, l’un devant la maison de santé et l’autre à l’entrée de la zone artisanale. Les abris sont équipés de bancs et d’écrans qui indiquent le temps d’attente."),
    )),
    (FR_CARNET, art(
        "La tarte aux pommes de ma grand-mère", "14 octobre 2024", "2024-10-14", "Juliette",
        P("C’est la saison des pommes, et chaque automne je ressors le cahier de recettes de ma "
          "grand-mère. Sa tarte n’a rien de compliqué, mais elle a ce petit goût de caramel qui vient "
          "du beurre et du sucre roux."),
        H("Ingrédients"),
        L("Une pâte brisée maison ou achetée",
          "Cinq pommes un peu acides",
          "Quarante grammes de beurre demi-sel",
          "Trois cuillères à soupe de sucre roux",
          "Une pincée de cannelle"),
        H("Préparation"),
        P("Étalez la pâte dans un moule beurré et piquez le fond avec une fourchette. Épluchez les "
          "pommes, coupez-les en fines lamelles et disposez-les en rosace en les faisant se chevaucher."),
        P("Faites fondre le beurre avec le sucre et la cannelle, puis versez ce mélange sur les pommes. "
          "Enfournez quarante minutes à cent quatre-vingts degrés, jusqu’à ce que les bords soient bien "
          "dorés."),
        P("Ma grand-mère la servait tiède, avec un peu de crème fraîche. Je n’ai jamais trouvé mieux."),
    )),
    (FR_CARNET, art(
        "Deux jours sur le sentier des crêtes", "29 juillet 2024", "2024-07-29", "Juliette",
        P("Cela faisait trois ans que je voulais parcourir le sentier des crêtes, entre le col du Loup "
          "et le village de Saint-Aubin. Nous l’avons enfin fait ce week-end, avec mon frère et son "
          "chien, qui a été le plus rapide de nous trois."),
        P("La première journée est la plus dure : huit cents mètres de montée dans la forêt avant "
          "d’atteindre les pâturages. Ensuite, le chemin suit la ligne de crête et la vue s’ouvre des "
          "deux côtés, sur les lacs d’un côté et la plaine de l’autre."),
        P("Nous avons dormi au refuge du Grand Pré, où le gardien prépare une soupe de légumes et une "
          "omelette aux champignons. Il faut réserver, car les places sont peu nombreuses en été."),
        P("Le deuxième jour, la descente vers Saint-Aubin passe par une cascade où l’on peut se "
          "rafraîchir. Prévoyez beaucoup d’eau : il n’y a aucune source sur la crête."),
        P("Au total, vingt-six kilomètres et de très bons souvenirs. Je mettrai les photos dans un "
          "prochain billet."),
    )),
    (FR_CARNET, art(
        "Festival de musique de chambre : le programme", "5 juin 2024", "2024-06-05", "Juliette",
        P("Le festival de musique de chambre de la vallée revient pour sa douzième édition, du 12 au 20 "
          "juillet. Cette année, les concerts auront lieu dans quatre églises et, pour la première fois, "
          "dans une grange restaurée."),
        P("Voici les rendez-vous que je ne manquerai pas :"),
        L("Le 12 juillet, un quatuor à cordes joue Haydn et Ravel à l’église Saint-Martin.",
          "Le 15 juillet, un récital de piano consacré aux compositrices du dix-neuvième siècle.",
          "Le 18 juillet, un concert pour enfants avec présentation des instruments.",
          "Le 20 juillet, la soirée de clôture dans la grange, suivie d’un repas partagé."),
        P("Les places coûtent entre dix et vingt euros, et le concert pour enfants est gratuit. Les "
          "organisateurs cherchent encore des bénévoles pour l’accueil et pour héberger les musiciens."),
        P("J’y suis allée l’an dernier et l’ambiance était formidable : on croise les musiciens au "
          "marché le matin, et ils jouent le soir devant nous."),
    )),
]

# ------------------------------------------------------------------------------ Chinese
ZH = [
    (ZH_JIANGCHENG, art(
        "城市新开通两条公交线路 郊区居民出行更方便", "2024年3月18日", "2024-03-18", "记者 王晓东",
        P("本报讯 3月18日起，江城公交集团新开通两条公交线路，分别连接城东新区和火车站、城南工业园和市中心。"
          "这是今年全市公交线网优化的第一批成果。"),
        P("新开通的56路从城东新区公交首末站出发，途经市第二人民医院、体育中心，终点为火车站，全程约十四公里。"
          "首班车六点发车，末班车二十二点发车，高峰时段发车间隔为八分钟。"),
        P("另一条线路57路主要服务城南工业园的上班族。公交集团负责人介绍，开通前他们在园区发放了两千多份问卷，"
          "根据职工上下班时间安排了早晚各三趟大站快车。"),
        P("住在城东新区的李女士说，以前去火车站要换乘两次，现在一趟车就能到，节省了将近半个小时。"
          "不少市民也希望今后能增加夜间线路。"),
        P("据了解，今年下半年江城还将调整十二条线路的走向，减少重复路段，并在主要站点增设电子站牌，方便市民查询车辆到站时间。"),
    )),
    (ZH_JIANGCHENG, art(
        "社区图书馆延长开放时间 周末开到晚上九点", "2024年4月2日", "2024-04-02", "记者 陈静",
        P("本报讯 从本月起，江城市十五家社区图书馆统一延长开放时间，周一至周五开放到晚上八点，周六、周日开放到晚上九点。"),
        P("市文化局有关负责人表示，过去社区图书馆大多下午五点关门，上班族和学生很难利用。"
          "调整之后，晚上的读者明显增多，不少家长下班后带着孩子一起来看书。"),
        P("为了做好晚间服务，各图书馆招募了一百多名志愿者，协助管理员整理书架、办理借还手续。"
          "退休教师张先生每周来两个晚上，他说在这里帮忙既能看书又能和年轻人聊天。"),
        P("此外，市图书馆还开通了通借通还服务，读者在任何一家社区图书馆借的书，都可以在其他图书馆归还。"
          "下一步，图书馆将增加儿童绘本和老年人大字本图书。"),
        P("读者如有意见和建议，可以通过图书馆服务台或者市民服务热线反映。"),
    )),
    (ZH_KEJI, art(
        "国产新能源汽车一季度销量同比增长三成", "2024年4月15日", "2024-04-15", "本刊记者 刘洋",
        P("根据行业协会最新发布的数据，今年第一季度国产新能源汽车销量同比增长约三成，其中插电式混合动力车型的增长最为明显。"),
        P("业内人士分析，销量增长主要有三个原因：一是电池成本继续下降，整车价格更加亲民；二是充电设施不断完善，"
          "高速公路服务区的快充桩数量比去年翻了一番；三是车企推出了更多面向家庭用户的中型车。"),
        H("出口成为新的增长点"),
        P("值得注意的是，新能源汽车出口量也在快速增加。一季度出口到东南亚和欧洲的车辆占总销量的一成以上，"
          "一些企业开始在海外建设工厂和售后服务网点。"),
        P("不过，也有专家提醒，价格竞争过于激烈，部分中小企业利润微薄，研发投入不足。"
          "今后行业可能进入整合阶段，技术和服务将成为竞争的关键。"),
        P("协会预计，全年新能源汽车销量有望继续保持两位数增长。"),
    )),
    (ZH_KEJI, art(
        "高校团队发布开源天气预报模型", "2024年6月3日", "2024-06-03", "本刊记者 周敏",
        P("近日，一所高校的研究团队发布了一个开源的天气预报模型，可以在普通服务器上完成未来十天的全球天气预报，"
          "计算时间只需几分钟。"),
        P("团队负责人介绍，这个模型利用过去四十年的气象观测数据进行训练，对气温和降水的预报准确率接近传统数值预报方法，"
          "而所需的计算资源要少得多。"),
        P("研究人员认为，开源的意义在于让更多地方气象部门和科研机构能够使用和改进模型。"
          "目前，已有多个团队在此基础上开展台风路径和强降雨预报的研究。"),
        H("仍需与传统方法结合"),
        P("气象专家表示，新模型在极端天气预报方面还有不足，短期内还不能取代传统方法，两者结合使用效果会更好。"),
        P("团队计划在明年推出区域高分辨率版本，并公开全部训练代码和说明文档。"),
    )),
    (ZH_LVXING, art(
        "在古镇住了三天", "2024年5月6日", "2024-05-06", "小鹿",
        P("五一假期没有去热门景点，而是在江南的一个小古镇住了三天。古镇不大，一条河穿过镇子，两边都是白墙黑瓦的老房子。"),
        P("我住的民宿在河边，老板是本地人，祖上三代都住在这里。每天早上他都会煮一锅桂花酒酿圆子，"
          "还会告诉我们哪家的馄饨最好吃，哪座桥下的夕阳最好看。"),
        P("第二天我起得很早，六点多的古镇几乎没有游客，只有洗衣服的阿姨和出门买菜的老人。"
          "薄雾笼罩着河面，摇橹船慢慢划过，那一刻觉得时间都变慢了。"),
        P("镇上的博物馆很小，但是介绍了当地养蚕和织布的历史，值得花一个小时看一看。"
          "下午可以去茶馆听评弹，虽然听不太懂，但是氛围很好。"),
        P("如果你也想找一个安静的地方休息几天，这样的小镇是不错的选择。记得避开周末，人会少很多。"),
    )),
    (ZH_LVXING, art(
        "秋天的山路徒步", "2024年10月20日", "2024-10-20", "小鹿",
        P("十月中旬，和朋友一起走了一段有名的古道。全程约十八公里，大部分是石板路，沿途可以看到成片的红叶和金黄的银杏。"),
        P("我们早上七点从山脚的村子出发，先走了两个小时的上坡路。到了半山腰的凉亭，休息的时候遇到一位挑着担子卖柿子的老人，"
          "柿子又甜又便宜。"),
        H("给第一次去的朋友的建议"),
        L("穿防滑的登山鞋，石板路下雨后很滑。",
          "带足饮用水，山上补给点不多。",
          "下午四点前要下山，天黑得早。",
          "不要随意离开主路，有些小路没有标记。"),
        P("站在山顶的时候，四周的山都染上了颜色，远处的村庄冒着炊烟。虽然腿很累，但是觉得一切都值得。"),
        P("下次打算冬天再来，看看下雪以后的古道是什么样子。"),
        P("这条古道过去是山里村民挑货出山的必经之路，路边还能看到当年的驿站遗址和刻着字的石碑。走在上面，仿佛能听到几百年前挑夫们的脚步声。"),
    )),
]

# ------------------------------------------------------------------------------ Russian
RU = [
    (RU_VESTI, art(
        "В городе открылся новый каток", "14 декабря 2023", "2023-12-14", "Ирина Соколова",
        P("В субботу в городском парке открылся новый крытый каток. На открытие пришли несколько сотен "
          "жителей, а первыми на лёд вышли воспитанники детской хоккейной секции."),
        P("Строительство катка заняло полтора года. Его площадь составляет почти две тысячи квадратных "
          "метров, рядом работают раздевалки, пункт проката коньков и небольшое кафе."),
        P("«Раньше дети ездили тренироваться в соседний район, а теперь всё есть у нас», — рассказала "
          "мама одного из юных хоккеистов. По её словам, дорога раньше отнимала почти час."),
        P("Днём каток будут использовать спортивные школы, а по вечерам и в выходные он открыт для всех "
          "желающих. Вход для пенсионеров и школьников по будням бесплатный."),
        P("Летом лёд растопят, и на этом месте будут работать площадки для баскетбола и волейбола."),
        P("Директор спортивной школы Виктор Степанов рассказал, что уже в январе на новом катке пройдёт первенство района по хоккею среди юношей. Кроме того, здесь планируют открыть секцию фигурного катания для девочек, запись начнётся после новогодних праздников."),
    )),
    (RU_VESTI, art(
        "Ремонт моста через Сосновку завершат к осени", "22 мая 2024", "2024-05-22", "Андрей Петров",
        P("Ремонт старого моста через реку Сосновку, начатый прошлой весной, планируют закончить к "
          "сентябрю. Об этом сообщили в районной администрации после проверки хода работ."),
        P("Строители уже заменили опоры и половину пролётов. Сейчас идёт укладка нового покрытия и "
          "монтаж ограждений. Движение по мосту открыто по одной полосе, в часы пик возможны пробки."),
        H("Объезд для грузовиков"),
        P("Грузовым машинам массой более десяти тонн проезд по мосту запрещён до окончания ремонта. Для "
          "них организован объезд через посёлок Берёзовый, это примерно пятнадцать километров."),
        P("Жители Заречья жалуются, что автобусы из-за пробок часто опаздывают. В администрации обещали "
          "на время ремонта добавить два утренних рейса."),
        P("После ремонта мост станет шире, появятся тротуары с обеих сторон и освещение."),
        P("Напомним, что мост был построен более пятидесяти лет назад и последний раз капитально ремонтировался в девяностых годах. Специалисты давно предупреждали, что бетон разрушается, а перила в нескольких местах держатся буквально на проволоке."),
    )),
    (RU_VESTI, art(
        "Школьники победили в областной олимпиаде по физике", "3 февраля 2024", "2024-02-03",
        "Ирина Соколова",
        P("Трое учеников городской гимназии заняли призовые места на областной олимпиаде по физике. "
          "Десятиклассник Максим Орлов стал победителем, а две его одноклассницы получили дипломы "
          "второй степени."),
        P("В олимпиаде участвовали более двухсот школьников из всех районов области. Им предстояло "
          "решить пять теоретических задач и выполнить экспериментальную работу с маятником."),
        P("Учитель физики Ольга Николаевна Белова готовит ребят к олимпиадам уже пятнадцать лет. "
          "«Главное — не зубрить формулы, а понимать, откуда они берутся», — говорит она."),
        P("Максим признался, что больше всего волновался на экспериментальном туре: прибор сначала "
          "показывал странные результаты, и пришлось искать ошибку в схеме."),
        P("Победитель представит область на всероссийском этапе, который пройдёт в апреле."),
        P("Директор гимназии пообещала, что к началу следующего учебного года кабинет физики получит новое лабораторное оборудование. Часть денег на него выделит городской бюджет, а часть собрали выпускники школы, которые сами когда-то участвовали в олимпиадах. Подготовка к новому сезону начнётся уже в сентябре."),
    )),
    (RU_BLOG, art(
        "Как я учился печь хлеб", "11 марта 2024", "2024-03-11", "Сергей",
        P("Прошлой осенью я решил, что больше не буду покупать хлеб в магазине, и начал печь его сам. "
          "Первые буханки получались тяжёлыми и плоскими, но за полгода кое-чему научился."),
        P("Вот несколько советов, которые я хотел бы услышать в самом начале:"),
        L("Взвешивайте муку и воду на весах, а не стаканами.",
          "Не торопитесь: тесту нужно время, чтобы подняться.",
          "Разогревайте духовку заранее, не меньше получаса.",
          "Дайте хлебу остыть, прежде чем резать."),
        P("Самым сложным оказалось вырастить закваску. Первая погибла через неделю, потому что я забыл её "
          "покормить. Вторая живёт у меня в холодильнике уже пять месяцев."),
        P("Теперь по выходным я пеку два ржаных хлеба и один белый. Соседи иногда заходят за кусочком, "
          "а дочь просит добавлять в тесто семечки."),
        P("Из оборудования понадобилось совсем немного: большая миска, кухонные весы, чугунная кастрюля с крышкой и терпение. Дорогую хлебопечку я так и не купил и, честно говоря, ни разу об этом не пожалел."),
    )),
    (RU_BLOG, art(
        "Зимняя поездка на озеро", "29 января 2024", "2024-01-29", "Сергей",
        P("В прошлые выходные мы с друзьями съездили на Белое озеро, до которого от города около двух "
          "часов на машине. Зимой там почти никого нет, только рыбаки сидят у лунок."),
        P("Мы сняли домик на базе отдыха прямо на берегу. Вечером топили печку, жарили картошку и пили "
          "чай с брусничным вареньем, которое привёз хозяин базы."),
        P("Утром пошли на лыжах вдоль берега. Лёд был толстый и прозрачный, в некоторых местах сквозь "
          "него было видно дно. Мороз держался около двадцати градусов, но ветра не было, поэтому "
          "холодно не показалось."),
        P("Днём нас научили ловить окуней на мормышку. Поймали всего шесть штук, но уху сварили настоящую."),
        P("Обратно ехали уставшие и довольные. Обязательно вернёмся в марте, когда станет теплее и "
          "солнце будет светить дольше."),
        P("Хозяин базы рассказал, что летом здесь бывает много туристов, а зимой приезжают в основном рыбаки и лыжники. Домики тёплые, но воду приходится носить из колодца, так что берите с собой запас питьевой воды."),
    )),
    (RU_BLOG, art(
        "Пять книг, прочитанных этим летом", "2 сентября 2024", "2024-09-02", "Сергей",
        P("Лето выдалось дождливым, поэтому читал я больше обычного. Делюсь короткими впечатлениями о "
          "пяти книгах, которые запомнились."),
        L("Роман о смотрителе маяка, который двадцать лет ведёт дневник погоды.",
          "Сборник рассказов о жизни маленькой железнодорожной станции.",
          "Научно-популярная книга о том, как устроены реки и почему они меняют русло.",
          "Воспоминания врача, проработавшего сорок лет в сельской больнице.",
          "Детектив, действие которого происходит на пароходе на Волге."),
        P("Больше всего понравилась книга о реках: после неё я совсем иначе смотрю на нашу Сосновку и "
          "на старые протоки за городом."),
        P("А вот детектив разочаровал — развязку я угадал уже к середине. Зато описания пароходной жизни "
          "в нём очень живые."),
        P("Если вы читали что-то интересное этим летом, напишите в комментариях. Составляю список на осень."),
        P("Почти все эти книги я брал в городской библиотеке, которая после ремонта стала намного уютнее. Там появился читальный зал с большими окнами, и в дождливые дни я часто сидел там до самого закрытия."),
    )),
]

# ------------------------------------------------------------------------------ Greek
EL = [
    (EL_FONI, art(
        "Άνοιξε το νέο πάρκο στην παραλία", "20 Ιουνίου 2024", "2024-06-20", "Μαρία Παππά",
        P("Με μεγάλη συμμετοχή κατοίκων έγιναν χθες τα εγκαίνια του νέου πάρκου στην παραλία της πόλης. "
          "Το πάρκο απλώνεται σε έκταση δεκαπέντε στρεμμάτων, εκεί όπου παλιά υπήρχαν εγκαταλελειμμένες "
          "αποθήκες."),
        P("Περιλαμβάνει παιδική χαρά, ποδηλατόδρομο, γήπεδο μπάσκετ και έναν μεγάλο χώρο πρασίνου με "
          "ντόπια δέντρα και θάμνους που αντέχουν στην αλμύρα και στη ζέστη του καλοκαιριού."),
        P("«Οι κάτοικοι ζητούσαν χρόνια έναν χώρο για βόλτα δίπλα στη θάλασσα», δήλωσε ο δήμαρχος. "
          "Όπως είπε, το έργο χρηματοδοτήθηκε κυρίως από ευρωπαϊκά προγράμματα."),
        P("Το πάρκο θα είναι ανοιχτό κάθε μέρα από τις επτά το πρωί μέχρι τα μεσάνυχτα. Τα σαββατοκύριακα "
          "θα γίνονται εκδηλώσεις για παιδιά και συναυλίες."),
        P("Οι επαγγελματίες της περιοχής ελπίζουν ότι το πάρκο θα φέρει περισσότερους επισκέπτες στα "
          "καταστήματα και στις ταβέρνες της παραλίας."),
        P("Ο δήμος έχει ήδη προσλάβει δύο κηπουρούς και έναν φύλακα για τη συντήρηση του πάρκου. Ζητά επίσης από τους επισκέπτες να σέβονται τον χώρο, να μαζεύουν τα σκουπίδια τους και να κρατούν τα σκυλιά με λουρί. Σχεδιάζεται επίσης ένα μικρό αναψυκτήριο δίπλα στην παιδική χαρά."),
    )),
    (EL_FONI, art(
        "Φεστιβάλ θεάτρου στο αρχαίο θέατρο", "2 Ιουλίου 2024", "2024-07-02", "Νίκος Αλεξίου",
        P("Για δέκατη χρονιά διοργανώνεται το καλοκαιρινό φεστιβάλ θεάτρου στο αρχαίο θέατρο της πόλης, "
          "από τις 15 Ιουλίου έως τις 25 Αυγούστου."),
        P("Το πρόγραμμα περιλαμβάνει τρεις αρχαίες τραγωδίες, μία κωμωδία του Αριστοφάνη και δύο σύγχρονα "
          "έργα από νέους συγγραφείς. Οι παραστάσεις αρχίζουν στις εννιά το βράδυ."),
        H("Εισιτήρια και πρόσβαση"),
        P("Τα εισιτήρια κοστίζουν από δέκα έως είκοσι ευρώ, ενώ για φοιτητές, ανέργους και άτομα άνω των "
          "εξήντα πέντε υπάρχει μειωμένη τιμή. Θα υπάρχει λεωφορείο από την κεντρική πλατεία μία ώρα πριν "
          "από κάθε παράσταση."),
        P("Οι διοργανωτές συνιστούν στους θεατές να φέρουν μαξιλάρι, γιατί τα πέτρινα καθίσματα είναι "
          "σκληρά, και ένα ελαφρύ πανωφόρι για το βραδινό αεράκι."),
        P("Φέτος για πρώτη φορά θα γίνουν και εργαστήρια θεάτρου για παιδιά τα πρωινά."),
        P("Η προπώληση των εισιτηρίων γίνεται από το γραφείο του φεστιβάλ στην κεντρική πλατεία, καθημερινά από τις δέκα το πρωί μέχρι τις δύο το μεσημέρι, αλλά και από τα ταμεία του θεάτρου τα βράδια των παραστάσεων."),
    )),
    (EL_FONI, art(
        "Αναβαθμίζεται το λιμάνι της πόλης", "10 Σεπτεμβρίου 2024", "2024-09-10", "Μαρία Παππά",
        P("Ξεκινούν τον επόμενο μήνα οι εργασίες αναβάθμισης του λιμανιού, που θα διαρκέσουν περίπου δύο "
          "χρόνια. Το έργο περιλαμβάνει επέκταση του κεντρικού προβλήτα και νέο σταθμό επιβατών."),
        P("Σύμφωνα με το λιμενικό ταμείο, ο νέος προβλήτας θα μπορεί να δέχεται μεγαλύτερα πλοία, κάτι που "
          "αναμένεται να αυξήσει τις συνδέσεις με τα νησιά τους καλοκαιρινούς μήνες."),
        P("Οι ψαράδες της πόλης εξασφάλισαν ότι θα έχουν ξεχωριστό χώρο για τα καΐκια τους, μακριά από την "
          "κίνηση των επιβατικών πλοίων."),
        P("Κατά τη διάρκεια των εργασιών η κυκλοφορία στον παραλιακό δρόμο θα γίνεται κανονικά, αλλά "
          "ορισμένες θέσεις στάθμευσης θα καταργηθούν προσωρινά."),
        P("Ο δήμος θα οργανώσει ενημερωτική συνάντηση για τους κατοίκους στο δημαρχείο την ερχόμενη Πέμπτη."),
        P("Το συνολικό κόστος του έργου υπολογίζεται σε δώδεκα εκατομμύρια ευρώ. Οι κάτοικοι ζητούν να δοθεί προσοχή στον θόρυβο και στη σκόνη, ειδικά κατά τους καλοκαιρινούς μήνες, όταν η πόλη γεμίζει επισκέπτες. Ο δήμαρχος υποσχέθηκε ότι οι εργασίες θα σταματούν τις ώρες της μεσημεριανής ξεκούρασης."),
    )),
    (EL_KIPOS, art(
        "Φυτεύοντας ελιές στον κήπο", "18 Νοεμβρίου 2024", "2024-11-18", "Ελένη",
        P("Το φθινόπωρο είναι η καλύτερη εποχή για να φυτέψει κανείς ελιές. Φέτος φύτεψα δύο μικρά "
          "δεντράκια στη γωνία του κήπου που βλέπει νότια, και θέλω να μοιραστώ τι έμαθα."),
        P("Πριν ξεκινήσετε, καλό είναι να ξέρετε τα εξής:"),
        L("Η ελιά θέλει πολύ ήλιο και έδαφος που στραγγίζει καλά.",
          "Ο λάκκος πρέπει να είναι διπλάσιος από τη μπάλα του χώματος.",
          "Ποτίστε καλά αμέσως μετά τη φύτευση.",
          "Βάλτε ένα πάσσαλο για να στηρίζει το δέντρο στον αέρα."),
        P("Τον πρώτο χρόνο το πότισμα χρειάζεται προσοχή, ειδικά το καλοκαίρι. Μετά η ελιά γίνεται πολύ "
          "ανθεκτική και αρκείται σε λίγο νερό."),
        P("Ο παππούς μου έλεγε ότι όποιος φυτεύει ελιά φυτεύει για τα εγγόνια του. Ελπίζω να έχει δίκιο."),
        P("Για τις ποικιλίες, διάλεξα μία κορωνέικη, που δίνει μικρό καρπό και πολύ λάδι, και μία καλαμών για επιτραπέζιες ελιές. Τις αγόρασα από ένα φυτώριο της περιοχής, γιατί τα ντόπια φυτά προσαρμόζονται πιο εύκολα."),
    )),
    (EL_KIPOS, art(
        "Αρωματικά φυτά στο μπαλκόνι", "6 Απριλίου 2024", "2024-04-06", "Ελένη",
        P("Δεν χρειάζεται μεγάλος κήπος για να έχετε φρέσκα μυρωδικά στην κουζίνα. Ένα μπαλκόνι με λίγες "
          "ώρες ήλιο αρκεί για βασιλικό, δυόσμο, ρίγανη και θυμάρι."),
        P("Εγώ τα φυτεύω σε πήλινες γλάστρες, γιατί το χώμα αναπνέει καλύτερα. Τον δυόσμο τον βάζω πάντα "
          "σε ξεχωριστή γλάστρα, γιατί απλώνεται γρήγορα και πνίγει τα άλλα φυτά."),
        H("Πότισμα και κλάδεμα"),
        P("Ο βασιλικός θέλει νερό σχεδόν κάθε μέρα το καλοκαίρι, ενώ η ρίγανη και το θυμάρι προτιμούν το "
          "ξερό χώμα. Κόβετε τακτικά τις κορυφές για να πετάνε καινούργια φύλλα."),
        P("Τα λουλούδια του βασιλικού καλό είναι να κόβονται μόλις εμφανιστούν, αλλιώς τα φύλλα γίνονται "
          "πικρά. Τα λουλούδια του θυμαριού όμως αφήστε τα για τις μέλισσες."),
        P("Την επόμενη εβδομάδα θα γράψω για το πώς αποξηραίνω τη ρίγανη για τον χειμώνα."),
        P("Αν το μπαλκόνι σας βλέπει βόρεια, μην απογοητεύεστε. Ο μαϊντανός και ο δυόσμος μεγαλώνουν ικανοποιητικά και με λίγο ήλιο, αρκεί το χώμα να μένει υγρό και οι γλάστρες να προστατεύονται από τον δυνατό αέρα."),
    )),
    (EL_KIPOS, art(
        "Φασολάδα για τις κρύες μέρες", "12 Ιανουαρίου 2024", "2024-01-12", "Ελένη",
        P("Όταν κάνει κρύο, στο σπίτι μας μαγειρεύουμε φασολάδα. Είναι φτηνό, θρεπτικό φαγητό και με τα "
          "φασόλια που μαζέψαμε από τον κήπο το καλοκαίρι έχει ακόμα πιο ωραία γεύση."),
        H("Υλικά"),
        L("Μισό κιλό ξερά φασόλια",
          "Δύο καρότα και ένα κλωνάρι σέλινο",
          "Ένα κρεμμύδι",
          "Δύο κουταλιές πελτέ ντομάτας",
          "Ελαιόλαδο, αλάτι και πιπέρι"),
        P("Μουσκέψτε τα φασόλια από το προηγούμενο βράδυ. Βράστε τα για δέκα λεπτά, πετάξτε το νερό και "
          "βάλτε τα ξανά στην κατσαρόλα με φρέσκο νερό και τα λαχανικά κομμένα σε κομμάτια."),
        P("Όταν μαλακώσουν, προσθέστε τον πελτέ και αρκετό ελαιόλαδο και αφήστε τα να σιγοβράσουν μισή ώρα "
          "ακόμα. Σερβίρετε με ελιές, ψωμί και ένα κομμάτι φέτα."),
        P("Κάποιοι προσθέτουν και λίγο πιπεριά ή ένα φύλλο δάφνης, αλλά εγώ προτιμώ τη συνταγή της μητέρας μου, απλή και χωρίς πολλά μπαχαρικά. Η φασολάδα είναι ακόμα πιο νόστιμη την επόμενη μέρα, όταν έχουν δέσει οι γεύσεις. Φυλάγεται στο ψυγείο για τρεις μέρες χωρίς πρόβλημα."),
    )),
]

# ------------------------------------------------------------------------------ outbreaks
# Pages that report an epidemic event (and one that only mentions an illness), so that
# the daniel task has something to find on the sample corpus.
EN += [
    (EN_NORTHFIELD, art(
        "Measles outbreak: nine children ill in Northfield", "22 April 2024", "2024-04-22", "Martha Quinn",
        P("Nine children in Northfield have caught measles in the past three weeks, the county health team "
          "said on Monday, and parents are being urged to check that their families are fully vaccinated."),
        P("The first cases were found at a nursery on Mill Street at the start of the month. Since then the "
          "infection has reached two primary schools, and one boy spent a night in hospital with a high fever "
          "before being allowed home."),
        H("Saturday vaccination clinics"),
        P("The health centre on Station Road will open on Saturday mornings until the end of May so that "
          "children who missed a dose can be vaccinated without an appointment. Adults who are not sure "
          "whether they had both doses are welcome too."),
        L("A rash that starts on the face and spreads down the body.",
          "A high temperature, a cough and red, watery eyes.",
          "Small white spots inside the cheeks."),
        P("Anyone with these signs is asked to telephone the surgery first rather than walk in, so that "
          "others in the waiting room are not exposed. Measles spreads very easily in classrooms."),
        P("Dr Helen Ashby, the county's director of public health, said the outbreak was a reminder that "
          "measles has not gone away. \"Two doses give almost complete protection,\" she said."),
        event=("measles", "United Kingdom"),
    )),
    (EN_PINEWOOD, art(
        "Broad beans, rain and a week in bed with flu", "3 February 2024", "2024-02-03", "Posted by Ruth",
        P("Not much gardening this week: I spent five days in bed with flu while the rain came down "
          "sideways. The broad beans I sowed in November have come through it better than I did."),
        P("When I finally got down to the plot on Saturday the paths were mud and the water butt was "
          "overflowing, but the beans were standing up straight and the garlic had green tips."),
        P("My neighbour on the next plot had kept an eye on the greenhouse for me and even watered the "
          "seedlings on the windowsill. Allotment people are the best people."),
        L("Sow sweet peas in root trainers.", "Order seed potatoes.", "Mend the fence by the compost bins."),
        P("Next week, if the weather and my legs allow, I will start digging the bed for the potatoes."),
        note="no epidemic event: the writer's own illness",
    )),
]
FR += [
    (FR_COURRIER, art(
        "Grippe aviaire : un élevage de canards placé sous surveillance", "14 janvier 2024", "2024-01-14",
        "Par Claire Vasseur",
        P("Un foyer de grippe aviaire a été confirmé vendredi dans un élevage de canards de la commune de "
          "Saint-Aubin, a annoncé la préfecture. Les quatre mille volailles de l'exploitation seront abattues."),
        P("Une zone de protection de trois kilomètres et une zone de surveillance de dix kilomètres ont été "
          "mises en place autour de l'élevage. Les basses-cours des particuliers doivent rester confinées."),
        P("Les services vétérinaires vont contrôler les dix-sept autres élevages de la zone dans les "
          "prochains jours. Aucun cas humain n'a été signalé et la consommation de viande reste sans risque."),
        P("C'est le deuxième foyer de grippe aviaire dans le département depuis l'automne. Les éleveurs "
          "craignent pour la saison : « Nous avons tout fait pour protéger nos bêtes », confie l'un d'eux."),
        event=("grippe aviaire", "France"),
    )),
]
ZH += [
    (ZH_JIANGCHENG, art(
        "江城进入流感高发期 三所小学暂时停课", "2024年1月9日", "2024-01-09", "记者 陈静",
        P("本报讯 近两周江城流感病例明显增多，市疾控中心9日发布提示，全市已进入流感高发期。"
          "城北三所小学因多个班级出现发热学生，从本周起暂时停课五天。"),
        P("市疾控中心监测数据显示，上周全市哨点医院报告的流感样病例比前一周增加了四成，"
          "其中以甲型流感为主，患者多为中小学生。"),
        P("市第二人民医院儿科门诊量连续多日超过一千人次，医院增开了夜间门诊，并在门诊大厅设置了发热患者专用通道。"),
        P("疾控专家提醒，流感传播速度快，市民出现发热、咳嗽等症状时应及时就医，尽量减少去人员密集的场所。"
          "老人、孩子和慢性病患者可以到社区卫生服务中心接种流感疫苗。"),
        event=("流感", "中国"),
    )),
]
RU += [
    (RU_VESTI, art(
        "Эпидемия гриппа: в районе закрыты на карантин три школы", "30 января 2024", "2024-01-30",
        "Ирина Соколова",
        P("В районе превышен эпидемический порог по гриппу и ОРВИ. Три школы закрыты на карантин до "
          "конца недели, в остальных отменены массовые мероприятия."),
        P("По данным районной больницы, за последнюю неделю к врачам обратились больше шестисот человек, "
          "у большинства подтверждён грипп. Больше всего заболевших среди детей младшего школьного возраста."),
        P("В поликлинике открыли отдельный вход для пациентов с температурой, а участковые врачи принимают "
          "вызовы на дом до девяти вечера."),
        P("Медики напоминают, что грипп опасен осложнениями, и советуют не заниматься самолечением. "
          "Прививку от гриппа ещё можно сделать бесплатно в поликлинике."),
        event=("грипп", "Russia"),
    )),
]
EL += [
    (EL_FONI, art(
        "Κρούσματα ιλαράς σε δύο σχολεία της πόλης", "12 Μαρτίου 2024", "2024-03-12", "Μαρία Παππά",
        P("Επτά κρούσματα ιλαράς έχουν επιβεβαιωθεί τις τελευταίες δύο εβδομάδες σε μαθητές δύο δημοτικών "
          "σχολείων της πόλης, σύμφωνα με τη διεύθυνση δημόσιας υγείας."),
        P("Τα παιδιά νοσηλεύονται στο σπίτι και είναι καλά στην υγεία τους. Ένα βρέφος χρειάστηκε να μείνει "
          "μία νύχτα στο νοσοκομείο με υψηλό πυρετό."),
        P("Οι γιατροί καλούν τους γονείς να ελέγξουν τα βιβλιάρια υγείας των παιδιών και να κλείσουν ραντεβού "
          "για εμβολιασμό, εάν λείπει κάποια δόση. Τα κέντρα υγείας θα δέχονται παιδιά και το Σάββατο."),
        P("«Η ιλαρά μεταδίδεται πολύ εύκολα, γι' αυτό ο εμβολιασμός είναι η καλύτερη προστασία», δήλωσε η "
          "παιδίατρος του κέντρου υγείας."),
        event=("ιλαρά", "Greece"),
    )),
]

ARTICLES = {"en": EN, "fr": FR, "zh": ZH, "ru": RU, "el": EL}

# ------------------------------------------------------------------------------ boilerplate
UI = {
    "en": dict(
        sections=["News", "Local", "Sport", "Business", "Opinion", "Weather"], home="Home", article="Article",
        most_read="Most read", widget_title="Tides today", widget_rows=[("High water", "06:42"), ("Low water", "12:58"), ("High water", "19:05")],
        ad="Advertisement", share="Share", print="Print", tags="Tags", comments="Comments", send="Post comment",
        commenters=["harbourwatcher", "Jen_K"],
        comment_texts=["About time too, I have been waiting years for this.", "Will there be anything done about the potholes near the bridge?"],
        footer="All rights reserved.", about="About us", contact="Contact", privacy="Privacy policy",
        newsletter="Sign up for our daily newsletter", subscribe="Subscribe", search="Search",
        cookies="We use cookies to improve your experience and to show personalised advertising.", accept="Accept all",
        related="You may also like", reply="Reply", leave_reply="Leave a reply", recent="Recent posts",
        archives="Archives", archive=["September 2024", "May 2024", "March 2024"], posted="Posted on"),
    "fr": dict(
        sections=["Actualité", "Région", "Sports", "Économie", "Culture", "Météo"], home="Accueil", article="Article",
        most_read="Les plus lus", widget_title="Météo du jour", widget_rows=[("Matin", "8 °C"), ("Après-midi", "14 °C"), ("Soir", "10 °C")],
        ad="Publicité", share="Partager", print="Imprimer", tags="Mots-clés", comments="Commentaires", send="Envoyer",
        commenters=["Paulo84", "une lectrice"],
        comment_texts=["Enfin une bonne nouvelle pour le village !", "Dommage que rien ne soit prévu pour le parking."],
        footer="Tous droits réservés.", about="Qui sommes-nous", contact="Contact", privacy="Confidentialité",
        newsletter="Recevez notre lettre d’information", subscribe="S’abonner", search="Rechercher",
        cookies="Ce site utilise des cookies pour mesurer l’audience et vous proposer des publicités adaptées.", accept="Tout accepter",
        related="À lire aussi", reply="Répondre", leave_reply="Laisser un commentaire", recent="Articles récents",
        archives="Archives", archive=["octobre 2024", "juillet 2024", "juin 2024"], posted="Publié le"),
    "zh": dict(
        sections=["新闻", "本地", "体育", "财经", "评论", "天气"], home="首页", article="正文",
        most_read="热门排行", widget_title="今日天气", widget_rows=[("早晨", "12℃"), ("中午", "20℃"), ("夜间", "15℃")],
        ad="广告", share="分享到", print="打印", tags="标签", comments="网友评论", send="发表评论",
        commenters=["江城网友", "路人甲"],
        comment_texts=["这是好事，希望能坚持下去。", "希望有关部门多听听老百姓的意见。"],
        footer="版权所有，未经授权禁止转载。", about="关于我们", contact="联系我们", privacy="隐私政策",
        newsletter="订阅每日新闻", subscribe="订阅", search="搜索",
        cookies="本网站使用Cookie来改善您的浏览体验。", accept="同意",
        related="相关阅读", reply="回复", leave_reply="发表评论", recent="最新文章",
        archives="文章归档", archive=["2024年10月", "2024年5月"], posted="发布于"),
    "ru": dict(
        sections=["Новости", "Город", "Спорт", "Экономика", "Культура", "Погода"], home="Главная", article="Статья",
        most_read="Самое читаемое", widget_title="Курсы валют", widget_rows=[("USD", "91,20"), ("EUR", "98,75"), ("CNY", "12,60")],
        ad="Реклама", share="Поделиться", print="Версия для печати", tags="Теги", comments="Комментарии", send="Отправить",
        commenters=["Читатель", "Наталья_П"],
        comment_texts=["Наконец-то! Давно пора было это сделать.", "А что будет с дорогой на Заречье?"],
        footer="Все права защищены. При перепечатке ссылка обязательна.", about="О редакции", contact="Контакты", privacy="Политика конфиденциальности",
        newsletter="Подпишитесь на рассылку новостей", subscribe="Подписаться", search="Поиск",
        cookies="Мы используем файлы cookie, чтобы сайт работал лучше.", accept="Согласен",
        related="Читайте также", reply="Ответить", leave_reply="Оставить комментарий", recent="Свежие записи",
        archives="Архив", archive=["Сентябрь 2024", "Март 2024", "Январь 2024"], posted="Опубликовано"),
    "el": dict(
        sections=["Ειδήσεις", "Πόλη", "Αθλητικά", "Οικονομία", "Πολιτισμός", "Καιρός"], home="Αρχική", article="Άρθρο",
        most_read="Δημοφιλή", widget_title="Καιρός σήμερα", widget_rows=[("Πρωί", "18 C"), ("Μεσημέρι", "27 C"), ("Βράδυ", "21 C")],
        ad="Διαφήμιση", share="Κοινοποίηση", print="Εκτύπωση", tags="Ετικέτες", comments="Σχόλια", send="Αποστολή",
        commenters=["Γιώργος", "Κατερίνα Μ."],
        comment_texts=["Επιτέλους κάτι καλό για την πόλη μας.", "Πολύ χρήσιμες συμβουλές, ευχαριστώ!"],
        footer="Με επιφύλαξη παντός δικαιώματος.", about="Ποιοι είμαστε", contact="Επικοινωνία", privacy="Πολιτική απορρήτου",
        newsletter="Εγγραφείτε στο ενημερωτικό δελτίο", subscribe="Εγγραφή", search="Αναζήτηση",
        cookies="Χρησιμοποιούμε cookies για να βελτιώσουμε την εμπειρία σας.", accept="Αποδοχή",
        related="Διαβάστε επίσης", reply="Απάντηση", leave_reply="Αφήστε ένα σχόλιο", recent="Πρόσφατα άρθρα",
        archives="Αρχείο", archive=["Νοέμβριος 2024", "Απρίλιος 2024", "Ιανουάριος 2024"], posted="Δημοσιεύτηκε"),
}
