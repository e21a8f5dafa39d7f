// A small sample of the public 駅データ CSV layout (station.csv and line.csv, the columns the importer
// reads): JR 山手線 in Tokyo. The administration imports the full files the same way.
export const SAMPLE_LINE_CSV = `line_cd,company_cd,line_name,line_name_k,line_name_h,line_color_c,line_color_t,line_type,lon,lat,zoom,e_status,e_sort
11302,2,JR山手線,ヤマノテセン,JR山手線,80C241,,0,139.73522275686264,35.69302730762992,12,0,11302`;

const YAMANOTE = [
  '大崎',
  '五反田',
  '目黒',
  '恵比寿',
  '渋谷',
  '原宿',
  '代々木',
  '新宿',
  '新大久保',
  '高田馬場',
  '目白',
  '池袋',
  '大塚',
  '巣鴨',
  '駒込',
  '田端',
  '西日暮里',
  '日暮里',
  '鶯谷',
  '上野',
  '御徒町',
  '秋葉原',
  '神田',
  '東京',
  '有楽町',
  '新橋',
  '浜松町',
  '田町',
  '高輪ゲートウェイ',
  '品川',
];

export const SAMPLE_STATION_CSV = [
  'station_cd,station_g_cd,station_name,station_name_k,station_name_r,line_cd,pref_cd,post,address,lon,lat,open_ymd,close_ymd,e_status,e_sort',
  ...YAMANOTE.map((name, i) => {
    const code = 1130201 + i;
    return `${code},${code},${name},,,11302,13,,,,,,,0,${code}`;
  }),
].join('\n');
