/** Landing section: the challenge title, a 'Get Started' link and the three steps. */
export function Landing() {
  return (
    <header className="landing">
      <h1>Space Apps Challenge 2024</h1>
      <p className="subtitle">Landsat Reflectance Data: On the Fly and at Your Fingertips</p>
      <a className="primary-button get-started" href="#main-container">
        Get Started
      </a>
      <ol className="steps">
        <li>
          <span className="step-number" aria-hidden="true">1</span>
          <span>Select a location by entering a name or clicking the map.</span>
        </li>
        <li>
          <span className="step-number" aria-hidden="true">2</span>
          <span>Customize the data by selecting bands.</span>
        </li>
        <li>
          <span className="step-number" aria-hidden="true">3</span>
          <span>View the results.</span>
        </li>
      </ol>
    </header>
  );
}
