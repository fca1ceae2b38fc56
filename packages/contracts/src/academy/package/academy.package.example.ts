/**
 * The example course package that Course Upload offers for download: every file of the zip as
 * text, by its path in the zip. The web app zips it in the browser; the server's tests import the
 * same files through the real importer, so the example stays one the importer accepts.
 * The format is described in the course package room's README (apps/server/src/modules/academy/package).
 */
export const COURSE_PACKAGE_EXAMPLE_NAME = 'course-package-example.zip';

const QUESTIONS_CSV = [
  'kind,title_en,title_tn,topic,tags,difficulty,marks,negative_marks,default_language,content_type,statement_en,statement_tn,option_a_en,option_b_en,option_c_en,option_d_en,option_a_tn,option_b_tn,option_c_tn,option_d_tn,correct,explanation_en,explanation_tn',
  'singleChoice,,,Motion in a straight line,Kinematics,easy,4,1,en,text,A body starts from rest with a uniform acceleration of 2 m/s². How far does it go in the first 5 s?,ஓய்விலிருந்து 2 m/s² சீரான முடுக்கத்துடன் தொடங்கும் பொருள் முதல் 5 s-ல் கடக்கும் தொலைவு எவ்வளவு?,10 m,25 m,50 m,5 m,10 m,25 m,50 m,5 m,B,$s = \\frac{1}{2}at^2 = 25$ m.,$s = \\frac{1}{2}at^2 = 25$ m.',
  'singleChoice,,,Projectile motion,Kinematics,medium,4,1,en,text,At what angle of projection is the range of a projectile greatest?,எந்த எறிகோணத்தில் எறிபொருளின் வீச்சு மிக அதிகம்?,30°,45°,60°,90°,30°,45°,60°,90°,B,$R = \\frac{u^2 \\sin 2\\theta}{g}$ is greatest when $2\\theta = 90°$.,$2\\theta = 90°$ எனும்போது $R$ மிக அதிகம்.',
].join('\n');

export const COURSE_PACKAGE_EXAMPLE: Readonly<Record<string, string>> = {
  'manifest.json': JSON.stringify(
    {
      course: { name: 'Physics: Kinematics (example)', description: 'An example course package: two topics, three lessons and two questions.', language: 'en', isPublished: false },
      topics: [
        {
          name: 'Motion in a straight line',
          lessons: [
            { name: 'Equations of motion', type: 'richText', html: 'lessons/equations.html', isPublished: true },
            { name: 'Graphs of motion', type: 'richText', html: 'lessons/graphs.html' },
          ],
        },
        { name: 'Projectile motion', lessons: [{ name: 'The path of a projectile', type: 'richText', html: 'lessons/projectile.html' }] },
      ],
      questions: { file: 'questions/kinematics.csv' },
    },
    null,
    2,
  ),
  'lessons/equations.html': '<h2>Equations of motion</h2><p>For uniform acceleration: $v = u + at$, $s = ut + \\frac{1}{2}at^2$ and $v^2 = u^2 + 2as$.</p>',
  'lessons/graphs.html': '<p>The slope of a position–time graph is the velocity; the area under a velocity–time graph is the displacement.</p>',
  'lessons/projectile.html': '<p>Without air resistance the path is a parabola: $y = x\\tan\\theta - \\frac{gx^2}{2u^2\\cos^2\\theta}$.</p>',
  'questions/kinematics.csv': QUESTIONS_CSV,
  'README.txt': [
    'A course package is a .zip with manifest.json at its root (at most 50 MB and 500 files).',
    'manifest.json names the course, its topics in order and each topic\'s lessons in order.',
    'A lesson has a name, a type (richText, pdf or video), an html file for its text or notes, and for pdf and video lessons the file.',
    'Formulas are TeX between $...$; images are <img src="images/x.png"> naming a JPEG or PNG in the zip.',
    'questions.file names an optional question file: the question bank\'s CSV or XLSX template, Moodle XML, GIFT or Aiken.',
    'Course Upload checks the package and lists every problem before it creates anything.',
  ].join('\n'),
};
