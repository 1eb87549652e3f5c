// Demo patents: plausible Chinese patent records made from per-field vocabularies (titles, abstracts, claims,
// descriptions, applicants, inventors, addresses, agencies, IPC codes), with valid application numbers (correct check
// digits) filed 2005–2025, matching publication numbers and kind codes (A/B, U, S; C/Y/D before 2010), and dated
// legal events that agree with the status. Deterministic: the same seed gives the same records, and the first N
// records of a longer run are the same N records. Every record is marked is_demo.
import { applicationCheckDigit } from '../../search/patent-number';
import { addDays, addYearsDays } from './dates';

/** The demo company of the demo accounts (示例科技有限公司): a share of the demo patents is theirs. */
export const DEMO_COMPANY = '示例科技有限公司';
/** Data is generated as of this date, so a seed always gives the same records. */
export const DEMO_DATA_DATE = '2025-10-31';

type Kind = '发明' | '实用新型' | '外观设计';

interface Field {
  name: string;
  ipc: string[];
  /** Things an invention or a utility model is about. */
  subjects: string[];
  /** Adjectives / technical modifiers. */
  mods: string[];
  /** Parts a claim lists. */
  parts: string[];
  /** What the invention achieves. */
  effects: string[];
  /** Methods (inventions only). */
  methods: string[];
  /** Products for designs. */
  products: string[];
  /** Background problem. */
  problem: string;
  /** Software-like field: titles like "…方法、装置、设备及存储介质". */
  software?: boolean;
}

const FIELDS: Field[] = [
  {
    name: '锂离子电池',
    ipc: ['H01M4/525', 'H01M4/58', 'H01M10/0525', 'H01M4/62', 'H01M10/42', 'H01M50/20'],
    subjects: ['锂离子电池', '正极材料', '负极材料', '电池模组', '电解液', '复合隔膜', '电池包', '极片'],
    mods: ['高镍三元', '磷酸铁锂', '硅碳复合', '固态', '高压实', '包覆型', '掺杂改性', '长循环'],
    parts: ['正极片', '负极片', '隔膜', '电解液', '集流体', '极耳', '壳体', '导电剂', '粘结剂', '包覆层'],
    effects: ['提高了电池的能量密度', '延长了循环寿命', '降低了内阻', '提升了热稳定性和安全性', '改善了倍率性能'],
    methods: ['制备方法', '检测方法', '回收方法', '化成方法'],
    products: ['电池包', '储能电源', '充电器', '电池盒'],
    problem: '现有锂离子电池在高倍率充放电时容量衰减快，正极材料结构稳定性差，存在热失控风险',
  },
  {
    name: '无人机',
    ipc: ['B64C39/02', 'B64U10/13', 'B64D47/08', 'G05D1/10', 'B64U20/87', 'B64D1/18'],
    subjects: ['无人机', '植保无人机', '无人机机臂', '无人机起落架', '无人机云台', '巡检无人机', '无人机机巢'],
    mods: ['折叠式', '多旋翼', '垂直起降', '长航时', '防水', '可拆卸', '自动充电'],
    parts: ['机身', '机臂', '旋翼', '电机', '云台', '起落架', '电池仓', '飞控模块', '摄像头', '喷洒装置'],
    effects: ['提高了飞行稳定性', '延长了续航时间', '便于携带和收纳', '降低了作业成本', '提升了巡检效率'],
    methods: ['控制方法', '航迹规划方法', '避障方法', '巡检方法'],
    products: ['无人机', '遥控器', '无人机机巢', '云台相机'],
    problem: '现有无人机在复杂环境下飞行稳定性不足，续航时间短，机臂结构不便于收纳运输',
  },
  {
    name: '图像识别',
    ipc: ['G06V10/82', 'G06V40/16', 'G06T7/00', 'G06N3/08', 'G06V20/52', 'G06T7/73'],
    subjects: ['图像识别', '目标检测', '人脸识别', '缺陷检测', '行人重识别', '图像分割', '车牌识别'],
    mods: ['基于深度学习的', '基于注意力机制的', '轻量化', '多尺度', '基于卷积神经网络的', '实时'],
    parts: ['图像采集模块', '预处理模块', '特征提取模块', '识别模块', '存储模块', '输出模块', '训练模块'],
    effects: ['提高了识别准确率', '降低了计算量', '提升了实时性', '增强了模型的泛化能力', '减少了误检率'],
    methods: ['方法', '训练方法', '识别方法', '检测方法'],
    products: ['智能摄像机', '人脸识别终端', '显示屏的图形用户界面'],
    problem: '现有图像识别方法在光照变化、遮挡和小目标场景下准确率低，模型参数量大，难以在边缘设备部署',
    software: true,
  },
  {
    name: '中药组合物',
    ipc: ['A61K36/9068', 'A61K36/481', 'A61P1/00', 'A61P29/00', 'A61K36/8969', 'A61P37/04'],
    subjects: ['中药组合物', '中药制剂', '中药提取物', '保健茶', '中药颗粒', '中药贴膏'],
    mods: ['治疗慢性胃炎的', '调理脾胃的', '抗炎镇痛的', '增强免疫力的', '降血糖的', '改善睡眠的'],
    parts: ['黄芪', '党参', '白术', '茯苓', '甘草', '当归', '川芎', '丹参', '陈皮', '山药', '枸杞子', '金银花'],
    effects: ['疗效确切', '毒副作用小', '起效快', '服用方便', '制备工艺简单、成本低'],
    methods: ['制备方法', '提取方法', '应用'],
    products: ['药盒', '包装盒', '茶具'],
    problem: '现有治疗药物多为化学药，长期服用副作用明显，且易复发',
  },
  {
    name: '半导体封装',
    ipc: ['H01L21/56', 'H01L23/31', 'H01L25/065', 'H01L23/367', 'H01L21/60'],
    subjects: ['芯片封装结构', '功率模块', '半导体器件', '引线框架', '散热基板', '晶圆级封装结构'],
    mods: ['扇出型', '高导热', '多芯片', '低应力', '系统级', '倒装'],
    parts: ['基板', '芯片', '焊球', '塑封体', '引线', '散热片', '再布线层', '钝化层', '导电柱'],
    effects: ['提高了散热效率', '降低了封装厚度', '提升了可靠性', '减小了寄生电感', '提高了良率'],
    methods: ['制造方法', '封装方法', '测试方法'],
    products: ['芯片', '功率模块', '散热器'],
    problem: '现有封装结构散热路径长，热应力集中导致翘曲和焊点开裂，影响器件可靠性',
  },
  {
    name: '新能源汽车',
    ipc: ['B60L15/20', 'H02P21/00', 'B60L58/12', 'B60L53/16', 'H02J7/00'],
    subjects: ['电机控制器', '充电桩', '热管理系统', '驱动电机', '车载充电机', '电池管理系统', '换电装置'],
    mods: ['永磁同步', '液冷', '大功率', '双向', '智能', '一体化'],
    parts: ['控制单元', '逆变器', '电流传感器', '冷却管路', '充电枪', '继电器', '通信模块', '散热器'],
    effects: ['提高了驱动效率', '缩短了充电时间', '延长了电池寿命', '降低了整车能耗', '提升了安全性'],
    methods: ['控制方法', '充电方法', '故障诊断方法'],
    products: ['充电桩', '汽车', '汽车轮毂', '车载显示屏'],
    problem: '现有新能源汽车在低温环境下续航衰减明显，充电时间长，电驱系统效率有待提高',
  },
  {
    name: '物联网通信',
    ipc: ['H04L67/12', 'H04W4/70', 'H04L9/40', 'H04W72/04', 'G08C17/02'],
    subjects: ['物联网网关', '数据传输', '设备管理', '智能家居控制', '边缘计算', '无线组网'],
    mods: ['低功耗', '基于区块链的', '多协议', '安全', '分布式', '基于5G的'],
    parts: ['通信模块', '处理器', '存储器', '传感器', '网关', '服务器', '加密模块', '电源模块'],
    effects: ['降低了通信延迟', '提高了数据安全性', '降低了功耗', '提升了设备接入数量', '便于远程管理'],
    methods: ['方法', '传输方法', '认证方法', '调度方法'],
    products: ['物联网网关', '智能开关', '路由器'],
    problem: '现有物联网设备协议不统一，数据传输安全性差，海量设备接入时网络拥塞',
    software: true,
  },
  {
    name: '污水处理',
    ipc: ['C02F1/52', 'C02F9/00', 'B01D53/86', 'C02F3/30', 'B01D21/01'],
    subjects: ['污水处理系统', '絮凝剂', '废气净化装置', '污泥脱水设备', '一体化污水处理设备', '除臭装置'],
    mods: ['高效', '复合', '生物', '模块化', '节能', '移动式'],
    parts: ['调节池', '沉淀池', '曝气装置', '过滤层', '加药装置', '污泥泵', '进水管', '出水管'],
    effects: ['提高了污染物去除率', '降低了运行成本', '减少了污泥产量', '占地面积小', '出水水质稳定达标'],
    methods: ['处理方法', '制备方法', '工艺'],
    products: ['净水器', '空气净化器', '垃圾桶'],
    problem: '现有污水处理工艺流程长、能耗高，对氨氮和总磷的去除效果不稳定',
  },
  {
    name: '数控机床',
    ipc: ['B23Q3/06', 'B23B31/02', 'G05B19/4155', 'B23Q11/00', 'B23Q1/25'],
    subjects: ['夹具', '数控机床', '刀具', '工作台', '自动上下料装置', '主轴', '排屑装置'],
    mods: ['快速定位', '高精度', '多工位', '自动', '液压', '可调'],
    parts: ['底座', '立柱', '滑轨', '丝杠', '电机', '夹紧块', '气缸', '定位销', '防护罩'],
    effects: ['提高了加工精度', '缩短了装夹时间', '提升了生产效率', '降低了劳动强度', '结构简单、操作方便'],
    methods: ['加工方法', '控制方法', '补偿方法'],
    products: ['机床', '刀柄', '工作台'],
    problem: '现有加工设备装夹定位精度低，换型时间长，难以满足多品种小批量生产的需要',
  },
  {
    name: '食品加工',
    ipc: ['A23L33/10', 'A23L2/38', 'A23L7/10', 'A23F3/14', 'A23L19/00'],
    subjects: ['复合饮料', '杂粮面条', '发酵乳', '营养粉', '调味酱', '速冻食品'],
    mods: ['低糖', '高蛋白', '益生菌', '即食', '富硒', '无添加'],
    parts: ['原料', '辅料', '稳定剂', '菌种', '香精', '包装袋', '灭菌装置'],
    effects: ['口感好', '营养丰富', '保质期长', '工艺简单、易于工业化生产', '保留了原料的营养成分'],
    methods: ['制备方法', '加工方法', '保鲜方法'],
    products: ['包装盒', '食品包装袋', '饮料瓶'],
    problem: '现有产品营养单一、口感欠佳，加工过程中营养成分损失较大',
  },
  {
    name: '建筑工程',
    ipc: ['E04B1/98', 'E04G21/14', 'E04F13/08', 'E02D17/04', 'E04B2/00'],
    subjects: ['装配式墙板', '建筑模板', '减震支座', '防水结构', '脚手架', '幕墙连接件'],
    mods: ['装配式', '轻质', '保温', '可周转', '抗震', '预制'],
    parts: ['墙板', '龙骨', '连接件', '螺栓', '保温层', '防水层', '支撑杆', '预埋件'],
    effects: ['施工效率高', '降低了建筑能耗', '提高了抗震性能', '可重复使用', '安装方便'],
    methods: ['施工方法', '制作方法', '安装方法'],
    products: ['建筑砖', '墙板', '装饰板'],
    problem: '现有建筑构件现场湿作业多、施工周期长，保温与防水性能难以兼顾',
  },
  {
    name: '医疗器械',
    ipc: ['A61B5/00', 'A61B17/34', 'A61M5/142', 'A61B8/00', 'A61G7/05'],
    subjects: ['穿刺针', '输液装置', '监护仪', '康复训练装置', '护理床', '超声探头', '手术器械'],
    mods: ['一次性', '可视化', '智能', '便携式', '微创', '防回流'],
    parts: ['针座', '针管', '护套', '传感器', '控制器', '显示屏', '支架', '电机', '导管'],
    effects: ['降低了感染风险', '提高了操作安全性', '减轻了患者痛苦', '便于医护人员操作', '监测数据准确'],
    methods: ['控制方法', '检测方法', '制备方法'],
    products: ['监护仪', '输液泵', '血压计', '体温计'],
    problem: '现有器械操作繁琐，定位精度不足，使用过程中易造成交叉感染',
  },
  {
    name: '光电显示',
    ipc: ['G02B6/42', 'H01L33/48', 'G09G3/32', 'G02F1/1333', 'H10K59/12'],
    subjects: ['显示面板', 'LED封装结构', '背光模组', '光模块', '触控显示装置', 'Micro LED芯片'],
    mods: ['柔性', '高亮度', '窄边框', '低功耗', '全面屏', '量子点'],
    parts: ['基板', '发光层', '导光板', '扩散膜', '驱动电路', '封装层', '偏光片', '透镜'],
    effects: ['提高了出光效率', '降低了功耗', '改善了显示均匀性', '减小了模组厚度', '提升了对比度'],
    methods: ['制作方法', '驱动方法', '检测方法'],
    products: ['显示器', '灯具', '手机'],
    problem: '现有显示器件出光效率低，亮度均匀性差，边框较宽影响显示效果',
  },
  {
    name: '高分子材料',
    ipc: ['C08L23/06', 'C08K3/04', 'C08J5/18', 'C08L67/02', 'C08G18/48'],
    subjects: ['复合材料', '阻燃材料', '薄膜', '改性塑料', '涂料', '可降解材料'],
    mods: ['石墨烯改性', '无卤阻燃', '高韧性', '耐老化', '全生物降解', '抗菌'],
    parts: ['聚乙烯', '聚丙烯', '相容剂', '阻燃剂', '增韧剂', '抗氧剂', '填料', '润滑剂'],
    effects: ['力学性能优异', '阻燃等级高', '耐候性好', '成本低', '环境友好'],
    methods: ['制备方法', '改性方法', '应用'],
    products: ['包装瓶', '收纳盒', '塑料托盘'],
    problem: '现有材料力学性能与阻燃性能难以兼顾，加工流动性差，且不易降解',
  },
];

const CITIES: [string, string][] = [
  ['北京市', '海淀区'],
  ['上海市', '浦东新区'],
  ['广东省深圳市', '南山区'],
  ['广东省广州市', '天河区'],
  ['浙江省杭州市', '西湖区'],
  ['江苏省南京市', '江宁区'],
  ['江苏省苏州市', '工业园区'],
  ['四川省成都市', '高新区'],
  ['湖北省武汉市', '东湖新技术开发区'],
  ['陕西省西安市', '雁塔区'],
  ['山东省济南市', '历下区'],
  ['安徽省合肥市', '蜀山区'],
  ['福建省厦门市', '思明区'],
  ['天津市', '滨海新区'],
  ['重庆市', '渝北区'],
  ['湖南省长沙市', '岳麓区'],
  ['河南省郑州市', '金水区'],
  ['辽宁省沈阳市', '浑南区'],
];
const ROADS = ['科技路', '创新大道', '高新路', '学院路', '中山路', '人民路', '滨江大道', '工业园路', '长江路', '文化路'];
const BRANDS = [
  '华科',
  '中瑞',
  '博远',
  '恒信',
  '天工',
  '智联',
  '绿源',
  '精工',
  '鼎盛',
  '海川',
  '星辰',
  '云图',
  '瑞丰',
  '康宁',
  '华芯',
  '宏达',
  '金石',
  '正泰',
  '安和',
  '明德',
  '卓越',
  '长青',
  '汇能',
  '新锐',
  '致远',
];
const INDUSTRIES: Record<string, string[]> = {
  锂离子电池: ['新能源', '电池', '储能科技'],
  无人机: ['航空科技', '智能装备', '无人机技术'],
  图像识别: ['信息技术', '智能科技', '视觉科技'],
  中药组合物: ['制药', '生物医药', '中药'],
  半导体封装: ['半导体', '微电子', '集成电路'],
  新能源汽车: ['汽车电子', '新能源汽车', '电驱动'],
  物联网通信: ['物联网技术', '通信技术', '网络科技'],
  污水处理: ['环保科技', '水务', '环境工程'],
  数控机床: ['机械制造', '精密机械', '智能装备'],
  食品加工: ['食品科技', '食品', '生物科技'],
  建筑工程: ['建筑科技', '建设工程', '新型建材'],
  医疗器械: ['医疗器械', '医疗科技', '生物医学工程'],
  光电显示: ['光电科技', '显示技术', '照明科技'],
  高分子材料: ['新材料', '高分子材料', '化工'],
};
const SUFFIXES = ['有限公司', '股份有限公司', '有限责任公司'];
const UNIVERSITIES = [
  '华东理工大学',
  '西南交通大学',
  '华中科技大学',
  '浙江工业大学',
  '南京工业大学',
  '西北工业大学',
  '合肥工业大学',
  '哈尔滨工业大学',
  '中南大学',
  '江南大学',
  '北京化工大学',
  '深圳大学',
  '山东大学',
  '四川大学',
  '电子科技大学',
];
const INSTITUTES = [
  '中国科学院宁波材料技术与工程研究所',
  '中国科学院深圳先进技术研究院',
  '中国科学院过程工程研究所',
  '中国中医科学院中药研究所',
];
/** The demo companies of db/seed.ts, so their patents exist too. */
const SEED_COMPANIES = [
  '示例新材料股份有限公司',
  '华芯半导体科技有限公司',
  '绿源新能源科技有限公司',
  '智联物联网技术有限公司',
  '康宁生物医药有限公司',
  '精工智能装备有限公司',
  '云图信息技术有限公司',
  '海川环保科技有限公司',
  '星辰航空零部件有限公司',
  '恒信汽车电子有限公司',
  '鼎盛机械制造有限公司',
  '博远光电科技有限公司',
  '瑞丰食品科技有限公司',
  '天工建筑科技有限公司',
  '示例医疗器械有限公司',
];
const SEED_COMPANY_FIELD: Record<string, string> = {
  示例新材料股份有限公司: '高分子材料',
  华芯半导体科技有限公司: '半导体封装',
  绿源新能源科技有限公司: '锂离子电池',
  智联物联网技术有限公司: '物联网通信',
  康宁生物医药有限公司: '中药组合物',
  精工智能装备有限公司: '数控机床',
  云图信息技术有限公司: '图像识别',
  海川环保科技有限公司: '污水处理',
  星辰航空零部件有限公司: '无人机',
  恒信汽车电子有限公司: '新能源汽车',
  鼎盛机械制造有限公司: '数控机床',
  博远光电科技有限公司: '光电显示',
  瑞丰食品科技有限公司: '食品加工',
  天工建筑科技有限公司: '建筑工程',
  示例医疗器械有限公司: '医疗器械',
};
const DEMO_COMPANY_FIELDS = ['锂离子电池', '图像识别', '物联网通信', '无人机'];
const AGENCIES = [
  '北京集智专利代理有限公司',
  '上海华诚知识产权代理有限公司',
  '深圳市创智专利代理事务所（普通合伙）',
  '杭州求是知识产权代理有限公司',
  '南京正联知识产权代理有限公司',
  '成都天府专利代理事务所（特殊普通合伙）',
  '武汉东湖知识产权代理有限公司',
  '广州华进联合专利商标代理有限公司',
  '西安智邦专利商标代理有限公司',
  '合肥诚兴知识产权代理有限公司',
];
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建国志文斌宇浩凯健俊峰亮晨博雪琳晶颖欣怡思远子涵一鸣佳雨婷嘉诚家豪梓轩浩然天宇晓东海燕春梅振华立新永强德明';
const POSITIONS = ['上方', '下方', '一侧', '内部', '外侧', '顶部', '底部', '两端'];
const RELATIONS = ['固定连接于', '可拆卸地连接于', '电性连接于', '滑动设置于', '转动连接于', '套设于'];

/** sfc32: a small, fast, seedable PRNG (the same seed gives the same sequence everywhere). */
function sfc32(seed: number): () => number {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

/**
 * Number lanes: a seed numbers its patents in lane (seed mod DEMO_NUMBER_LANES), the m-th number of each year and type
 * being lane + m × DEMO_NUMBER_LANES, so generators with seeds in different lanes never give the same application
 * or publication number (the same counters used to make every seed start at the same numbers). Seeds in the same
 * lane share numbers; seedDemoPatents skips numbers already stored for another patent.
 */
export const DEMO_NUMBER_LANES = 16;

/** The seed of the demo patents a fresh install generates (and of seed:patents without --seed). */
export const DEFAULT_DEMO_SEED = 20260101;

/** First publication number of each publication year, by type; 7-digit numbers before 2007. */
const PN_BASE: Record<Kind, Record<number, number>> = {
  发明: {
    2005: 1620000,
    2006: 1750000,
    2007: 101000000,
    2008: 101200000,
    2009: 101400000,
    2010: 101700000,
    2011: 102000000,
    2012: 102600000,
    2013: 103000000,
    2014: 103500000,
    2015: 104300000,
    2016: 105200000,
    2017: 106300000,
    2018: 107500000,
    2019: 109000000,
    2020: 110500000,
    2021: 112200000,
    2022: 113800000,
    2023: 115400000,
    2024: 117300000,
    2025: 119000000,
  },
  实用新型: {
    2005: 2700000,
    2006: 2850000,
    2007: 200950000,
    2008: 201100000,
    2009: 201300000,
    2010: 201500000,
    2011: 201900000,
    2012: 202400000,
    2013: 203000000,
    2014: 203700000,
    2015: 204500000,
    2016: 205300000,
    2017: 206100000,
    2018: 207200000,
    2019: 208900000,
    2020: 210700000,
    2021: 213000000,
    2022: 215600000,
    2023: 218100000,
    2024: 220400000,
    2025: 222600000,
  },
  外观设计: {
    2005: 3400000,
    2006: 3500000,
    2007: 300600000,
    2008: 300800000,
    2009: 301000000,
    2010: 301200000,
    2011: 301600000,
    2012: 302000000,
    2013: 302400000,
    2014: 302800000,
    2015: 303200000,
    2016: 303600000,
    2017: 304000000,
    2018: 304500000,
    2019: 305200000,
    2020: 305800000,
    2021: 306500000,
    2022: 307200000,
    2023: 307900000,
    2024: 308600000,
    2025: 309300000,
  },
};

/** A demo record in the import format (docs/patent-format.md). */
export interface DemoRecord {
  an: string;
  ad: string;
  pn: string;
  pd: string;
  gn: string | null;
  gd: string | null;
  title: string;
  abstract: string;
  claims: string;
  description: string;
  applicants: string[];
  inventors: string[];
  address: string;
  agency: string;
  ipc: string[];
  type: Kind;
  legal_events: { date: string; code: string; text: string }[];
  family: { pn: string; country: string; date: string | null }[];
  citations: { pn: string; title: string }[];
  drawings: string[];
  term_adjustment_days: number;
  lang: 'zh';
  is_demo: true;
}

export class DemoPatentGenerator {
  private readonly rand: () => number;
  private readonly applicantPool = new Map<string, { name: string; address: string }[]>();
  private readonly anCounters = new Map<string, number>();
  private readonly pnCounters = new Map<string, number>();
  private readonly recent: { pn: string; title: string; field: string }[] = [];
  private index = 0;
  private readonly lane: number;

  constructor(seed = DEFAULT_DEMO_SEED) {
    this.rand = sfc32(seed);
    this.lane = ((seed % DEMO_NUMBER_LANES) + DEMO_NUMBER_LANES) % DEMO_NUMBER_LANES;
    // A fixed pool of applicants per field, built from the seed.
    for (const f of FIELDS) {
      for (let i = 0; i < 14; i++) {
        const name = `${this.pick(BRANDS)}${this.pick(INDUSTRIES[f.name])}${this.pick(SUFFIXES)}`;
        const prefix = this.rand() < 0.5 ? this.pick(CITIES)[0].replace(/^.*省/, '').replace(/市$/, '') : '';
        const pool = this.applicantPool.get(f.name) ?? [];
        pool.push({ name: prefix + name, address: this.address() });
        this.applicantPool.set(f.name, pool);
      }
    }
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rand() * list.length)];
  }

  private int(min: number, max: number): number {
    return min + Math.floor(this.rand() * (max - min + 1));
  }

  private some<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(this.rand() * copy.length), 1)[0]);
    return out;
  }

  private address(): string {
    const [city, district] = this.pick(CITIES);
    return `${city}${district}${this.pick(ROADS)}${this.int(1, 999)}号`;
  }

  private person(): string {
    const given = GIVEN[this.int(0, GIVEN.length - 1)] + (this.rand() < 0.6 ? GIVEN[this.int(0, GIVEN.length - 1)] : '');
    return SURNAMES[Math.floor(Math.pow(this.rand(), 1.6) * SURNAMES.length)] + given;
  }

  /** Filing date: 2005-01-01 … 2025-08-31, more in later years (as filings grew). */
  private filingDate(type: Kind): string {
    const lastYear = type === '发明' ? 2025 : 2025;
    for (;;) {
      const y = 2005 + Math.floor(Math.sqrt(this.rand()) * (lastYear - 2005 + 1));
      const d = addDays(`${y}-01-01`, this.int(0, 364));
      const latest = type === '发明' ? addDays(DEMO_DATA_DATE, -200) : addDays(DEMO_DATA_DATE, -120);
      if (d <= latest) return d;
    }
  }

  /** This generator's m-th number slot of a counter (its lane's share of the number space). */
  private slot(counters: Map<string, number>, key: string): number {
    const n = counters.get(key) ?? 0;
    counters.set(key, n + 1);
    return n * DEMO_NUMBER_LANES + this.lane;
  }

  private applicationNumber(ad: string, typeDigit: number): string {
    const year = ad.slice(0, 4);
    const m = this.slot(this.anCounters, `${year}${typeDigit}`);
    const serial = 10000 + m * 13 + ((m * 7) % 13);
    if (serial > 9_999_999) throw new Error(`演示专利数量过大：${year} 年的申请号已用尽`);
    const digits = `${year}${typeDigit}${String(serial).padStart(7, '0')}`;
    return `CN${digits}.${applicationCheckDigit(digits)}`;
  }

  private publicationNumber(type: Kind, date: string): string {
    const year = Math.min(2025, Math.max(2005, Number(date.slice(0, 4))));
    const m = this.slot(this.pnCounters, `${type}${year}`);
    const base = PN_BASE[type][year];
    // The next year's first number (7-digit years: the end of the type's leading digit) bounds this year's numbers.
    const limit = year === 2025 ? base + 50_000_000 : year === 2006 ? Math.ceil(base / 1e6) * 1e6 : PN_BASE[type][year + 1];
    const number = base + 1000 + m;
    if (number >= limit) throw new Error(`演示专利数量过大：${year} 年${type}的公开号已用尽`);
    return `CN${number}`;
  }

  /** The next demo record. */
  next(): DemoRecord {
    const i = this.index++;
    const r = this.rand();
    const type: Kind = r < 0.47 ? '发明' : r < 0.9 ? '实用新型' : '外观设计';

    // Applicants: 示例科技有限公司 on every 8th patent (a few hundred of the default 2000), the seed companies on some, else the field's pool.
    let field: Field;
    const applicants: string[] = [];
    let address: string;
    if (i % 8 === 3) {
      field = FIELDS.find((f) => f.name === DEMO_COMPANY_FIELDS[Math.floor(i / 8) % DEMO_COMPANY_FIELDS.length])!;
      applicants.push(DEMO_COMPANY);
      address = '浙江省杭州市西湖区高新街道科技路88号';
    } else if (this.rand() < 0.08) {
      const company = this.pick(SEED_COMPANIES);
      field = FIELDS.find((f) => f.name === SEED_COMPANY_FIELD[company])!;
      applicants.push(company);
      address = `浙江省杭州市${this.pick(['西湖区', '滨江区', '余杭区'])}${this.pick(ROADS)}${this.int(1, 300)}号`;
    } else {
      field = this.pick(FIELDS);
      const pool = this.applicantPool.get(field.name)!;
      const roll = this.rand();
      if (roll < 0.12 && type !== '外观设计') {
        applicants.push(this.pick(UNIVERSITIES));
        address = this.address();
      } else if (roll < 0.15 && type === '发明') {
        applicants.push(this.pick(INSTITUTES));
        address = this.address();
      } else if (roll < 0.2) {
        applicants.push(this.person());
        address = this.address();
      } else {
        const a = this.pick(pool);
        applicants.push(a.name);
        address = a.address;
      }
    }
    if (type !== '外观设计' && this.rand() < 0.15) {
      const co = this.rand() < 0.5 ? this.pick(UNIVERSITIES) : this.pick(this.applicantPool.get(field.name)!).name;
      if (!applicants.includes(co)) applicants.push(co);
    }
    const inventors = Array.from({ length: type === '外观设计' ? this.int(1, 2) : this.int(1, 6) }, () => this.person());

    // Dates, numbers, publications and legal events.
    const ad = this.filingDate(type);
    const pct = type === '发明' && this.rand() < 0.03;
    const typeDigit = type === '发明' ? (pct ? 8 : 1) : type === '实用新型' ? 2 : 3;
    const an = this.applicationNumber(ad, typeDigit);
    const events: DemoRecord['legal_events'] = [];
    let pd: string;
    let pn: string;
    let gn: string | null = null;
    let gd: string | null = null;
    let lapsed = false;
    let termAdjustment = 0;
    const old = (d: string) => d < '2010-04-01';
    if (type === '发明') {
      pd = addDays(ad, this.int(180, 560));
      if (pd > DEMO_DATA_DATE) pd = addDays(DEMO_DATA_DATE, -this.int(0, 20));
      const number = this.publicationNumber(type, pd);
      pn = `${number}A`;
      events.push({ date: pd, code: 'PB01', text: '公开' });
      const exam = addDays(pd, this.int(10, 120));
      if (exam <= DEMO_DATA_DATE) events.push({ date: exam, code: 'SE01', text: '实质审查的生效' });
      const outcome = addDays(ad, this.int(700, 1500));
      const roll = this.rand();
      if (outcome <= DEMO_DATA_DATE && outcome > exam) {
        if (roll < 0.62) {
          gd = outcome;
          gn = `${number}${old(gd) ? 'C' : 'B'}`;
          events.push({ date: gd, code: 'GR01', text: '授权' });
          if (ad >= '2021-06-01' && this.rand() < 0.2) termAdjustment = this.int(20, 400);
        } else if (roll < 0.85) {
          events.push({ date: outcome, code: 'WD01', text: '发明专利申请公布后的视为撤回' });
          lapsed = true;
        } else {
          events.push({ date: outcome, code: 'RJ01', text: '发明专利申请公布后的驳回' });
          lapsed = true;
        }
      }
    } else {
      const gap = type === '实用新型' ? this.int(120, 330) : this.int(90, 240);
      pd = addDays(ad, gap);
      if (pd > DEMO_DATA_DATE) pd = DEMO_DATA_DATE;
      const number = this.publicationNumber(type, pd);
      const kind = type === '实用新型' ? (old(pd) ? 'Y' : 'U') : old(pd) ? 'D' : 'S';
      pn = `${number}${kind}`;
      gn = pn;
      gd = pd;
      events.push({ date: gd, code: 'GR01', text: '授权' });
    }
    if (gd) {
      // Unpaid annual fees end a share of the granted patents; the rest run to term; transfers now and then before.
      const years = type === '发明' ? 20 : type === '实用新型' ? 10 : ad >= '2021-06-01' ? 15 : 10;
      const end = addYearsDays(ad, years, (type === '发明' ? termAdjustment : 0) - 1);
      const lapseChance = type === '发明' ? 0.22 : type === '实用新型' ? 0.38 : 0.45;
      let over: string = addDays(end, 1);
      if (this.rand() < lapseChance) {
        const anniversary = addYearsDays(
          ad,
          this.int(Math.max(2, Number(gd.slice(0, 4)) - Number(ad.slice(0, 4)) + 1), years - 1),
        );
        const lapse = addYearsDays(anniversary, 0, 180);
        if (lapse <= DEMO_DATA_DATE && lapse < end) {
          events.push({ date: lapse, code: 'PC01', text: '未缴年费专利权终止' });
          lapsed = true;
          over = lapse;
        }
      }
      if (!lapsed && over <= DEMO_DATA_DATE) events.push({ date: over, code: 'CF01', text: '专利权有效期届满终止' });
      if (this.rand() < 0.05) {
        const t = addDays(gd, this.int(200, 2000));
        if (t <= DEMO_DATA_DATE && t < over) events.push({ date: t, code: 'TR01', text: '专利权的转移' });
      }
    }
    events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

    // Text.
    const subject = this.pick(field.subjects);
    const mod = this.pick(field.mods);
    const parts = this.some(field.parts, this.int(4, 6));
    const effects = this.some(field.effects, 3);
    const method = this.pick(field.methods);
    let title: string;
    let abstract: string;
    let claims = '';
    let description = '';
    if (type === '外观设计') {
      const product = this.pick(field.products);
      const variant = this.pick(['（一）', '（二）', '（A型）', '（B型）', '（Pro）', '（mini）', '（2025款）', '']);
      title = `${product}${variant}`;
      abstract = `1.本外观设计产品的名称：${title}。2.本外观设计产品的用途：用于${field.name}领域，作为${product}使用。3.本外观设计产品的设计要点：在于形状${this.rand() < 0.5 ? '与图案的结合' : ''}。4.最能表明设计要点的图片或照片：立体图。`;
      description = `${title}的外观设计简要说明：主视图、后视图、左视图、右视图、俯视图、仰视图及立体图。`;
    } else {
      const what = type === '发明' ? '本发明' : '本实用新型';
      if (type === '发明') {
        const t = this.rand();
        title = field.software
          ? t < 0.5
            ? `一种${mod}${subject}方法、装置、设备及存储介质`
            : `${mod}${subject}${method}及系统`
          : t < 0.4
            ? `一种${mod}${subject}及其${method}`
            : t < 0.7
              ? `一种${mod}${subject}`
              : `${mod}${subject}的${method}`;
      } else {
        title = this.rand() < 0.6 ? `一种${mod}${subject}` : `一种${subject}的${this.pick(field.parts)}结构`;
      }
      title = title.replace('一种基于', '基于');
      const [p1, p2, p3, p4] = parts;
      abstract =
        `${what}公开了${title.startsWith('一种') ? title : `一种${title}`}，涉及${field.name}技术领域。` +
        `所述${subject}包括${p1}、${p2}和${p3}，所述${p1}${this.pick(RELATIONS)}${p2}，所述${p3}设置于${p2}的${this.pick(POSITIONS)}${p4 ? `，${p4}与${p3}相配合` : ''}。` +
        `${what}${effects[0]}，${effects[1]}，同时${effects[2]}。`;
      const claimList: string[] = [];
      claimList.push(
        `1.一种${mod}${subject}，其特征在于，包括${parts.join('、')}；所述${p1}${this.pick(RELATIONS)}${p2}，所述${p3}${this.pick(RELATIONS)}${p2}的${this.pick(POSITIONS)}。`,
      );
      const n = this.int(2, 5);
      for (let k = 2; k <= n + 1; k++) {
        const a = this.pick(parts);
        const b = this.pick(parts);
        claimList.push(
          `${k}.根据权利要求${this.int(1, k - 1)}所述的${mod}${subject}，其特征在于，所述${a}${a === b ? `的${this.pick(POSITIONS)}设有加强结构` : `${this.pick(RELATIONS)}所述${b}`}。`,
        );
      }
      if (type === '发明' && this.rand() < 0.5) {
        claimList.push(
          `${n + 2}.一种如权利要求1所述的${mod}${subject}的${method}，其特征在于，包括以下步骤：S1，准备${p1}和${p2}；S2，将${p1}与${p2}组装；S3，对组装后的${subject}进行检测。`,
        );
      }
      claims = claimList.join('\n');
      description =
        `技术领域\n${what}涉及${field.name}技术领域，具体涉及${title.replace(/^一种/, '一种')}。\n` +
        `背景技术\n${field.problem}。\n` +
        `${type === '发明' ? '发明' : '实用新型'}内容\n${what}的目的在于克服现有技术的不足，提供${title.startsWith('一种') ? title : `一种${title}`}。${claimList[0].replace(/^1\./, '为实现上述目的，采用的技术方案为：')}\n` +
        `与现有技术相比，${what}${effects.join('，')}。\n` +
        `具体实施方式\n下面结合实施例对${what}作进一步说明。实施例1：所述${p1}采用${this.pick(['铝合金', '不锈钢', '复合材料', '工程塑料', '陶瓷'])}制成，所述${p2}的厚度为${this.int(1, 20)}mm，${p3}的数量为${this.int(2, 8)}个。`;
    }

    // Classification: the field's main group first, one or two more.
    const ipc = [field.ipc[this.int(0, Math.min(2, field.ipc.length - 1))]];
    for (const c of this.some(field.ipc, this.int(0, 2))) if (!ipc.includes(c)) ipc.push(c);

    const family: DemoRecord['family'] = [];
    if (type === '发明' && this.rand() < 0.08) {
      const y = Number(pd.slice(0, 4)) + 1;
      family.push({
        pn: `WO${y}${String(this.int(10000, 99999)).padStart(6, '0')}A1`,
        country: 'WO',
        date: `${y}-${String(this.int(1, 12)).padStart(2, '0')}-15`,
      });
      if (this.rand() < 0.5) family.push({ pn: `US${this.int(10500000, 12500000)}B2`, country: 'US', date: null });
    }
    const citations: DemoRecord['citations'] = [];
    if (type !== '外观设计' && this.recent.length) {
      for (const c of this.some(
        this.recent.filter((x) => x.field === field.name),
        this.int(0, 3),
      ))
        citations.push({ pn: c.pn, title: c.title });
    }
    this.recent.push({ pn, title, field: field.name });
    if (this.recent.length > 200) this.recent.shift();

    return {
      an,
      ad,
      pn,
      pd,
      gn: gn && gn !== pn ? gn : null,
      gd,
      title,
      abstract,
      claims,
      description,
      applicants,
      inventors: [...new Set(inventors)],
      address,
      agency: this.rand() < 0.85 ? this.pick(AGENCIES) : '',
      ipc,
      type,
      legal_events: events,
      family,
      citations,
      drawings: [],
      term_adjustment_days: termAdjustment,
      lang: 'zh',
      is_demo: true,
    };
  }
}
